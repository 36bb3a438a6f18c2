import ExampleScreens
import Foundation
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// Structure-aware mutations of the example's frozen history: every field of every element kind
/// deleted, retyped, made huge or deep, duplicated; files truncated, given invalid UTF-8, a BOM, a
/// NUL or trailing garbage. Each mutated history goes through what `check` runs — the history
/// reader, the gate and the comparison with the base branch — and a sample through `check` itself.
/// None may crash or hang, and every mutation that changes a frozen byte must be rejected (the rules
/// allow no change to a frozen file).
@Suite struct HistoryMutationTests {
    /// One mutated history file: which version, what was done, and how to make its bytes.
    struct Mutation: Sendable {
        let version: Int
        let what: String
        let make: @Sendable () -> [UInt8]
    }

    static let original: [[UInt8]] = ExampleApp.history.versions.map(\.bytes)
    static let folder = URL(fileURLWithPath: "/mutations/Screens/Contract/history")

    /// Every (version, field signature, operator) with up to `perSignature` instances chosen by a
    /// seeded generator, then the byte-level mutations; the bytes are made when asked for.
    static func mutations(perSignature: Int, seed: UInt64) -> [Mutation] {
        var random = SplitMix64(seed: seed)
        var result: [Mutation] = []
        for (index, bytes) in original.enumerated() {
            let version = index + 1
            guard let tree = try? JSONReader.read(bytes) else { continue }
            var bySignature: [String: [[PathStep]]] = [:]
            for path in paths(in: tree, prefix: []) { bySignature[signature(path), default: []].append(path) }
            for (signature, paths) in bySignature.sorted(by: { $0.key < $1.key }) {
                for path in paths.shuffled(using: &random).prefix(perSignature) {
                    for mutator in StructuralMutator.allCases {
                        result.append(
                            Mutation(version: version, what: "\(mutator) \(signature)") {
                                mutator.apply(to: tree, at: path).map {
                                    render($0, deep: mutator == .deep, huge: mutator == .huge)
                                } ?? bytes
                            })
                    }
                }
            }
            for _ in 0..<perSignature * 8 {
                let offset = Int.random(in: 0..<bytes.count, using: &random)
                let bit = UInt8(1 << Int.random(in: 0..<8, using: &random))
                result += [
                    Mutation(version: version, what: "truncate at \(offset)") { Array(bytes[..<offset]) },
                    Mutation(version: version, what: "invalid UTF-8 at \(offset)") {
                        var mutated = bytes
                        mutated.insert(contentsOf: [0xC3, 0x28, 0xFF], at: offset)
                        return mutated
                    },
                    Mutation(version: version, what: "NUL at \(offset)") {
                        var mutated = bytes
                        mutated.insert(0, at: offset)
                        return mutated
                    },
                    Mutation(version: version, what: "bit flip at \(offset)") {
                        var mutated = bytes
                        mutated[offset] ^= bit
                        return mutated
                    },
                ]
            }
            result += [
                Mutation(version: version, what: "BOM") { [0xEF, 0xBB, 0xBF] + bytes },
                Mutation(version: version, what: "trailing garbage") { bytes + Array("}{x".utf8) },
                Mutation(version: version, what: "trailing newline") { bytes + [0x0A] },
                Mutation(version: version, what: "empty") { [] },
                Mutation(version: version, what: "unchanged") { bytes },
            ]
        }
        return result
    }

    /// What one mutation came to.
    struct Outcome: Sendable {
        let version: Int
        let what: String
        let changed: Bool
        let rejectedByGate: Bool
        let rejectedByBase: Bool
        let seconds: Double
    }

    /// Runs one mutation through what `check` runs: the history reader, the gate, and the
    /// comparison with the base branch's files.
    static func run(_ mutation: Mutation) -> Outcome {
        let started = Date()
        let bytes = mutation.make()
        var files = original
        files[mutation.version - 1] = bytes
        let history = ContractHistory.load(files: files, folder: folder)
        let report = ContractGate.check(live: App.catalog, history: history, requireHistory: true)
        let base = Dictionary(uniqueKeysWithValues: original.enumerated().map { ($0.offset + 1, $0.element) })
        let rewrites = HistoryAgainstRef.rewrites(of: base, at: "main", in: folder) { files[$0 - 1] }
        return Outcome(
            version: mutation.version, what: mutation.what, changed: bytes != original[mutation.version - 1],
            rejectedByGate: report.hasErrors, rejectedByBase: !rewrites.isEmpty,
            seconds: Date().timeIntervalSince(started))
    }

    @Test func theRendererGivesBackTheFrozenBytes() throws {
        for bytes in Self.original { #expect(Self.render(try JSONReader.read(bytes), deep: false) == bytes) }
    }

    @Test func everyMutationThatChangesAFrozenByteIsRejectedAndNoneCrashesOrHangs() throws {
        // Full scale: six instances of every field signature (over 2,000 cases); default: one.
        let perSignature = PropertyScale.cases(full: 6, reduced: 1)
        let mutations = Self.mutations(perSignature: perSignature, seed: PropertyScale.seed(0x5C12_EE4B))
        #expect(mutations.count >= 330 * perSignature)
        let outcomes = Outcomes(count: mutations.count)
        DispatchQueue.concurrentPerform(iterations: mutations.count) { index in
            outcomes.set(index, Self.run(mutations[index]))
        }
        let all = outcomes.values
        for outcome in all {
            let rejected = outcome.rejectedByGate || outcome.rejectedByBase
            #expect(rejected == outcome.changed, "v\(outcome.version) \(outcome.what): rejected \(rejected)")
            if outcome.changed && outcome.version < Self.original.count {
                // An older version is protected by the hash chain alone, even with no base to compare.
                #expect(outcome.rejectedByGate, "v\(outcome.version) \(outcome.what) passed the chain")
            }
        }
        let newest = all.filter { $0.changed && $0.version == Self.original.count }
        let slowest = all.max { $0.seconds < $1.seconds }!
        // A hang guard, not a performance figure: any one case taking this long is a hang.
        #expect(slowest.seconds < 10, "\(slowest.what) took \(slowest.seconds) s")
        print(
            "history mutations: \(all.count) cases (\(all.filter(\.changed).count) changing a frozen byte, all "
                + "rejected); of \(newest.count) changes to the newest version, "
                + "\(newest.filter(\.rejectedByGate).count) rejected without the base branch; slowest \(String(format: "%.3f", slowest.seconds)) s (v\(slowest.version) "
                + "\(slowest.what))")
    }

    /// The outcomes, filled in from many threads.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Outcome?]

        init(count: Int) { stored = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ outcome: Outcome) { lock.withLock { stored[index] = outcome } }

        var values: [Outcome] { lock.withLock { stored.compactMap { $0 } } }
    }

    @Test func aSampleOfMutationsThroughCheckItselfIsRejectedWithExitStatusOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-mutations-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: contract)
        #expect(try Git.run(["init", "-q", "-b", "main"], in: folder) == 0)
        #expect(try Git.run(["add", "-A"], in: folder) == 0)
        #expect(try Git.run(["commit", "-q", "-m", "base"], in: folder) == 0)
        let history = contract.appendingPathComponent("history")
        let sample = Self.mutations(perSignature: 1, seed: PropertyScale.seed(7)).enumerated().filter {
            $0.offset % 10 == 0
        }.map(\.element)
        #expect(sample.count >= 40)
        for mutation in sample {
            let file = history.appendingPathComponent("\(mutation.version).json")
            let bytes = mutation.make()
            try Data(bytes).write(to: file)
            let terminal = Terminal.capturing()
            let code = await CLI.run(
                ["check", "--against", "main"], catalog: App.catalog, terminal: terminal,
                workingDirectory: folder.path, environment: [:])
            let changed = bytes != Self.original[mutation.version - 1]
            #expect(code == (changed ? .violations : .success), "v\(mutation.version) \(mutation.what): \(code)")
            if changed {
                #expect(terminal.standardOutput.contains("\(mutation.version).json"), "\(terminal.standardOutput)")
            }
            try Data(Self.original[mutation.version - 1]).write(to: file)
        }
    }

    // MARK: - Structure

    /// One step into a JSON value: a member by its index among the members, or an array element.
    enum PathStep: Hashable {
        case member(Int, String)
        case element(Int)
    }

    /// Every path to a member or element, outermost first.
    static func paths(in value: JSONValue, prefix: [PathStep]) -> [[PathStep]] {
        var result: [[PathStep]] = []
        switch value {
        case .object(let members):
            for (index, member) in members.enumerated() {
                let path = prefix + [.member(index, member.key)]
                result.append(path)
                result += paths(in: member.value, prefix: path)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let path = prefix + [.element(index)]
                result.append(path)
                result += paths(in: element, prefix: path)
            }
        default: break
        }
        return result
    }

    /// The path with array indices left out (`components[].props[].type`): one field of one element kind.
    static func signature(_ path: [PathStep]) -> String {
        path.map { step in
            switch step {
            case .member(_, let key): ".\(key)"
            case .element: "[]"
            }
        }.joined()
    }

    static func render(_ value: JSONValue, deep: Bool, huge: Bool = false) -> [UInt8] {
        var writer = JSONWriter(style: .pretty)
        writer.allowsRepeatedKeys = true  // some mutations repeat a member on purpose
        writer.value(value)
        // Canonical files end with a newline: with it, an unmutated tree renders to the file's exact
        // bytes, so a mutation that keeps the canonical form reaches the rules, not just history-edited.
        var bytes = writer.takeBytes() + [0x0A]
        // The deep mutation is spliced in as text: a tree that deep could not be written recursively.
        // The huge string is too, as the writer would write it (an unoptimized build writes 200,000
        // bytes one at a time: a quarter of this suite's time).
        let splices: [(marker: String, text: [UInt8])] = [
            (
                #""\u0001deep""#,
                [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + Array("\"string\"".utf8)
                    + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
            ),
            (
                #""\u0001huge""#,
                Array("\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 200_000) + Array("\"".utf8)
            ),
        ]
        for (marker, text) in splices where marker.contains("deep") ? deep : huge {
            let marker = Array(marker.utf8)
            guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) else { continue }
            bytes.replaceSubrange(start..<(start + marker.count), with: text)
        }
        return bytes
    }

    /// What a structural mutation does to the member or element at a path.
    enum StructuralMutator: CaseIterable, CustomStringConvertible {
        case delete, retype, huge, deep, duplicate, nestedType

        var description: String {
            switch self {
            case .delete: "delete"
            case .retype: "retype"
            case .huge: "huge"
            case .deep: "deep"
            case .duplicate: "duplicate"
            case .nestedType: "nested type"
            }
        }

        /// The tree with the mutation applied at `path`, or nil when it does not apply there.
        func apply(to tree: JSONValue, at path: [PathStep]) -> JSONValue? {
            Self.edit(tree, path[...]) { parent, step in
                switch (parent, step) {
                case (.object(var members), .member(let index, _)):
                    let member = members[index]
                    guard let value = replacement(for: member.value) else {
                        switch self {
                        case .delete: members.remove(at: index)
                        case .duplicate: members.insert(member, at: index + 1)
                        default: return nil
                        }
                        return .object(members)
                    }
                    members[index] = JSONMember(member.key, value)
                    return .object(members)
                case (.array(var elements), .element(let index)):
                    guard let value = replacement(for: elements[index]) else {
                        switch self {
                        case .delete: elements.remove(at: index)
                        case .duplicate: elements.insert(elements[index], at: index + 1)
                        default: return nil
                        }
                        return .array(elements)
                    }
                    elements[index] = value
                    return .array(elements)
                default: return nil
                }
            }
        }

        /// The new value, or nil for mutations that change the container (delete, duplicate).
        private func replacement(for value: JSONValue) -> JSONValue? {
            switch self {
            case .delete, .duplicate: return nil
            case .retype:
                switch value {
                case .string: return .number("12")
                case .number: return .string("12")
                case .bool(let bool): return .string(bool ? "true" : "false")
                case .null: return .bool(false)
                case .array: return .object([])
                case .object: return .array([])
                }
            case .huge:
                switch value {
                case .number: return .number("1e400")
                case .bool: return .number("-0")
                default: return .string("\u{1}huge")  // 200,000 × "x", spliced in by `render`
                }
            case .deep: return .string("\u{1}deep")
            case .nestedType:
                guard case .string(let text) = value else { return .string("[[[[[[[[[[string]]]]]]]]]]") }
                return .string(String(repeating: "[", count: 9) + text + String(repeating: "]", count: 9))
            }
        }

        /// `tree` with the container that holds the last step of `path` replaced by `change`'s result.
        private static func edit(
            _ tree: JSONValue, _ path: ArraySlice<PathStep>, _ change: (JSONValue, PathStep) -> JSONValue?
        ) -> JSONValue? {
            guard let step = path.first else { return nil }
            if path.count == 1 { return change(tree, step) }
            switch (tree, step) {
            case (.object(var members), .member(let index, let key)):
                guard let inner = edit(members[index].value, path.dropFirst(), change) else { return nil }
                members[index] = JSONMember(key, inner)
                return .object(members)
            case (.array(var elements), .element(let index)):
                guard let inner = edit(elements[index], path.dropFirst(), change) else { return nil }
                elements[index] = inner
                return .array(elements)
            default: return nil
            }
        }
    }
}
