/// What `screenkit-bench` was asked to do, read strictly from its arguments: an unknown option, a
/// missing or malformed value, or an option that would have no effect is an error, never ignored.
enum BenchArguments: Equatable {
    /// `emit`: the emit benchmark.
    case emit(EmitBenchmark.Options)
    /// `publish`: the publish benchmark against an S3-protocol endpoint.
    case publish(PublishOptions)
    /// `render`: request-time rendering.
    case render(RenderBenchmark.Options)
    /// `assign`: experiment assignment of synthetic units.
    case assign(AssignBenchmark.Options)
    /// `catalog-read`: reading a generated String Catalog.
    case catalogRead(CatalogReadBenchmark.Options)
    /// `allocations`: allocations per node, by node kind.
    case allocations(AllocationBenchmark.Options)
    /// `--help`, `-h` or `help`.
    case help

    /// The publish benchmark's options.
    struct PublishOptions: Equatable {
        var target = ""
        var endpoint = ""
        var screens = 1000
        var region = "us-east-1"
    }

    /// Why the arguments were refused, in one line.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The commands, for messages.
    static let commands = "emit, render, assign, publish, catalog-read or allocations"

    /// The phases `emit --phase` accepts.
    static let phases = ["all", "pipeline", "emit", "write", "encoder", "profile"]

    /// Reads the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchArguments {
        guard let command = arguments.first else {
            throw UsageError("no command given (\(commands))")
        }
        var options = OptionReader(Array(arguments.dropFirst()), command: command)
        switch command {
        case "-h", "--help", "help":
            return .help
        case "emit":
            var emit = EmitBenchmark.Options()
            while let name = try options.next() {
                switch name {
                case "--nodes": emit.nodes = try options.positiveInteger(for: name)
                case "--runs": emit.runs = try options.positiveInteger(for: name)
                case "--phase":
                    let phase = try options.value(for: name)
                    guard phases.contains(phase) else {
                        throw UsageError("--phase must be one of \(phases.joined(separator: ", ")) (got '\(phase)')")
                    }
                    emit.phase = phase
                case "--write-tree": emit.writeTree = try options.value(for: name)
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for emit")
                }
            }
            if emit.writeTree != nil && emit.phase != "all" && emit.phase != "emit" {
                throw UsageError("--write-tree needs --phase all or emit, which write the tree (got '\(emit.phase)')")
            }
            return .emit(emit)
        case "render":
            var render = RenderBenchmark.Options()
            while let name = try options.next() {
                switch name {
                case "--orders": render.orders = try options.positiveInteger(for: name)
                case "--requests": render.requests = try options.positiveInteger(for: name)
                case "--threads": render.threads = try options.positiveInteger(for: name)
                case "--write-payloads": render.writePayloads = try options.value(for: name)
                case "--units": render.units = try options.positiveInteger(for: name)
                case "--experiments-only": render.experimentsOnly = true
                case "--localized-only": render.localizedOnly = true
                case "--observed-only": render.observedOnly = true
                case "--flood": render.flood = try options.positiveInteger(for: name)
                case "--profile-loop": render.profileLoop = try options.positiveInteger(for: name)
                case "--profile-phase":
                    let phase = try options.value(for: name)
                    guard ["all", "build", "render", "data", "home", "home1", "respond"].contains(phase) else {
                        throw UsageError(
                            "--profile-phase must be one of all, build, render, data, home, home1, respond (got '\(phase)')"
                        )
                    }
                    render.profilePhase = phase
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for render")
                }
            }
            let only = [
                ("--experiments-only", render.experimentsOnly), ("--localized-only", render.localizedOnly),
                ("--observed-only", render.observedOnly),
            ].filter(\.1).map(\.0)
            if only.count > 1 {
                throw UsageError("\(only.joined(separator: " and ")) each run one comparison: give one")
            }
            if let only = only.first, render.writePayloads != nil {
                throw UsageError("--write-payloads writes the main table's envelopes, which \(only) skips")
            }
            return .render(render)
        case "assign":
            var assign = AssignBenchmark.Options()
            while let name = try options.next() {
                switch name {
                case "--units": assign.units = try options.positiveInteger(for: name)
                case "--weights":
                    let text = try options.value(for: name)
                    let weights = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                    guard (2...11).contains(weights.count), weights.allSatisfy({ ($0 ?? 0) >= 1 }) else {
                        throw UsageError(
                            "--weights must be 2 to 11 whole numbers of at least 1, separated by commas (got '\(text)')"
                        )
                    }
                    assign.weights = weights.compactMap { $0 }
                case "--rollout": assign.rollout = try options.integer(for: name, in: 1...99)
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for assign")
                }
            }
            return .assign(assign)
        case "catalog-read":
            var read = CatalogReadBenchmark.Options()
            while let name = try options.next() {
                switch name {
                case "--keys": read.keys = try options.positiveInteger(for: name)
                case "--locales":
                    read.locales = try options.integer(for: name, in: 1...BenchStringCatalog.locales.count)
                case "--runs": read.runs = try options.positiveInteger(for: name)
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for catalog-read")
                }
            }
            return .catalogRead(read)
        case "allocations":
            var allocations = AllocationBenchmark.Options()
            while let name = try options.next() {
                switch name {
                case "--items": allocations.items = try options.positiveInteger(for: name)
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for allocations")
                }
            }
            return .allocations(allocations)
        case "publish":
            var publish = PublishOptions()
            while let name = try options.next() {
                switch name {
                case "--to": publish.target = try options.value(for: name)
                case "--endpoint": publish.endpoint = try options.value(for: name)
                case "--screens": publish.screens = try options.positiveInteger(for: name)
                case "--region": publish.region = try options.value(for: name)
                case "-h", "--help": return .help
                default: throw UsageError("unknown option '\(name)' for publish")
                }
            }
            guard !publish.target.isEmpty else { throw UsageError("publish needs --to s3://bucket/prefix") }
            guard !publish.endpoint.isEmpty else { throw UsageError("publish needs --endpoint URL") }
            return .publish(publish)
        default:
            throw UsageError("unknown command '\(command)' (\(commands))")
        }
    }

    /// Reads `--name value` pairs in order.
    private struct OptionReader {
        private let arguments: [String]
        private let command: String
        private var position = 0

        init(_ arguments: [String], command: String) {
            self.arguments = arguments
            self.command = command
        }

        /// The next option's name, or nil at the end.
        mutating func next() throws(UsageError) -> String? {
            guard position < arguments.count else { return nil }
            let name = arguments[position]
            position += 1
            guard name.hasPrefix("-") else { throw UsageError("unexpected argument '\(name)' for \(command)") }
            return name
        }

        /// The value that follows option `name`.
        mutating func value(for name: String) throws(UsageError) -> String {
            guard position < arguments.count, !arguments[position].hasPrefix("--") else {
                throw UsageError("\(name) needs a value")
            }
            position += 1
            return arguments[position - 1]
        }

        /// The value that follows option `name`, as an integer of at least 1.
        mutating func positiveInteger(for name: String) throws(UsageError) -> Int {
            let text = try value(for: name)
            guard let number = Int(text), number >= 1 else {
                throw UsageError("\(name) must be a whole number of at least 1 (got '\(text)')")
            }
            return number
        }

        /// The value that follows option `name`, as an integer in `range`.
        mutating func integer(for name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = try value(for: name)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
            }
            return number
        }
    }
}
