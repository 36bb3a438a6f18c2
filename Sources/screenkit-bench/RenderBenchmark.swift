import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenRendering

/// Request-time rendering: per-request latency and allocations of `ScreenRenderer`, against the
/// same payload built with a hand-written `Codable` model and `JSONEncoder` (sorted keys), and the
/// throughput of several threads rendering at once. Benchmarks/render.sh adds orjson's side.
enum RenderBenchmark {
    /// What to measure.
    struct Options: Equatable {
        /// Orders in the data-driven screen (272 make about 1,000 nodes).
        var orders = 272
        /// Timed renders per case.
        var requests = 2000
        /// Threads for the throughput run.
        var threads = 2
        /// A folder to write each case's envelope into, for orjson.
        var writePayloads: String?
        /// Distinct units the experiment cases take in turn.
        var units = 1000
        /// Whether to run only the experiment comparison (``ExperimentRenderBenchmark``).
        var experimentsOnly = false
        /// Whether to run only the localization comparison (``LocalizedRenderBenchmark``).
        var localizedOnly = false
        /// Whether to run only the observer comparison and flood (``ObservedRenderBenchmark``).
        var observedOnly = false
        /// Responses in the observer's flood.
        var flood = 1_000_000
        /// Renders of the orders screen from data in a loop, and nothing else, for a profiler
        /// (``ProfileLoop``); nil to run the benchmark.
        var profileLoop: Int?
        /// What the profile loop repeats: `all` (build from data, render), `build` or `render`.
        var profilePhase = "all"
    }

    /// One case: a screen rendered for one client version.
    struct Case {
        let name: String
        let version: Int
        let nodes: Int
        /// Renders it once, the way a request handler does.
        let render: () throws -> [UInt8]
        /// The same payload the way a server without ScreenKit makes it: a Codable model, JSONEncoder.
        let encode: (() throws -> [UInt8])?
    }

    static func run(_ options: Options) throws {
        guard !options.experimentsOnly else { return try ExperimentRenderBenchmark.run(options) }
        guard !options.localizedOnly else { return try LocalizedRenderBenchmark.run(options) }
        guard !options.observedOnly else { return try ObservedRenderBenchmark.run(options) }
        if let loops = options.profileLoop { return try ProfileLoop.run(options, loops: loops) }
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let compiler = Compiler(catalog: App.catalog)
        let home = App.catalog.screens.first { $0.id == "home" }!
        let customer = Customer.sample(orders: options.orders)
        let orders = OrdersScreen.screen(for: customer)
        let handWrittenHome = HandWrittenScreen(home, catalog: App.catalog)
        let homeNodes = compiler.nodeSites(of: home).count
        let orderNodes = compiler.nodeSites(of: orders).count
        var cases: [Case] = []
        for version in 1...renderer.current {
            cases.append(
                Case(
                    name: "home", version: version, nodes: homeNodes,
                    render: { try renderer.render(home, for: .version(version)).bytes },
                    encode: version == renderer.current
                        ? { try handWrittenHome.encode() } : nil))
            cases.append(
                Case(
                    name: "home (catalog)", version: version, nodes: homeNodes,
                    render: { try renderer.render(screenID: "home", for: .version(version)).bytes }, encode: nil))
            cases.append(
                Case(
                    name: "orders", version: version, nodes: orderNodes,
                    render: { try renderer.render(orders, for: .version(version)).bytes },
                    encode: { try HandWrittenOrders.encode(customer, version: version) }))
            cases.append(
                Case(
                    name: "orders from data", version: version, nodes: orderNodes,
                    render: {
                        try renderer.render(OrdersScreen.screen(for: customer), for: .version(version)).bytes
                    },
                    encode: nil))
        }
        let counter = AllocationCounter()
        log(
            "render benchmark: \(options.requests) requests per case; allocations \(counter == nil ? "not counted (run Benchmarks/render.sh, which preloads the counter)" : "counted")"
        )
        print(
            [
                "screen", "contract", "nodes", "bytes", "p50_us", "p99_us", "allocs_per_render", "jsonencoder_p50_us",
                "jsonencoder_p99_us", "jsonencoder_vs_render", "same_payload",
            ].joined(separator: "\t"))
        for item in cases {
            let bytes = try item.render()
            if let folder = options.writePayloads, !item.name.contains(" ") {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(item.name)@\(item.version).json"))
            }
            for _ in 0..<50 { _ = try item.render() }  // warm up
            let latencies = try sample(options.requests) { _ = try item.render() }
            var allocations = "n/a"
            if let counter {
                let before = counter.count()
                for _ in 0..<100 { _ = try item.render() }
                allocations = String(format: "%.0f", Double(counter.count() - before) / 100)
            }
            var encoder = ["", "", "", ""]
            if let encode = item.encode {
                let encoded = try encode()
                let same = try sameJSON(encoded, bytes)
                for _ in 0..<5 { _ = try encode() }
                let encodes = try sample(max(20, options.requests / 10)) { _ = try encode() }
                encoder = [
                    format(encodes.p50), format(encodes.p99), String(format: "%.1f", encodes.p50 / latencies.p50),
                    same ? "yes" : "NO",
                ]
            }
            print(
                ([
                    item.name, "\(item.version)", "\(item.nodes)", "\(bytes.count)", format(latencies.p50),
                    format(latencies.p99), allocations,
                ]
                    + encoder).joined(separator: "\t"))
        }
        let prepared = compiler.prepare(EmbeddedHistory.contracts)
        for version in 1...renderer.current {
            let variant = try sample(max(20, options.requests / 4)) {
                _ = compiler.variant(of: orders, for: version, history: prepared)
            }
            print(
                "# orders for contract \(version): validating and writing the variant alone \(format(variant.p50)) us")
        }
        try throughput(options, renderer: renderer, orders: orders)
        try ExperimentRenderBenchmark.run(options)
        try LocalizedRenderBenchmark.run(options)
        try ObservedRenderBenchmark.run(options)
        try FeatureCostBenchmark.run(options)
    }

    /// `threads` threads rendering the 1,000-node screen at once: requests/s and latency percentiles.
    static func throughput(_ options: Options, renderer: ScreenRenderer, orders: Screen) throws {
        let perThread = options.requests
        let results = LatencyBox()
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: options.threads) { _ in
            var mine: [Double] = []
            mine.reserveCapacity(perThread)
            for index in 0..<perThread {
                let start = ContinuousClock.now
                _ = try? renderer.render(orders, for: .version(1 + index % renderer.current))
                mine.append(seconds(ContinuousClock.now - start))
            }
            results.append(mine)
        }
        let wall = seconds(ContinuousClock.now - started)
        let all = results.values.sorted()
        let total = Double(options.threads * perThread)
        print(
            "# throughput: \(options.threads) threads rendering orders (\(options.orders) orders): \(Int(total / wall)) renders/s; p50 \(format(all[all.count / 2])) us, p99 \(format(all[Int(Double(all.count) * 0.99)])) us, p99/p50 \(String(format: "%.2f", all[Int(Double(all.count) * 0.99)] / all[all.count / 2]))"
        )
    }

    /// Times `count` calls one by one; p50 and p99 in seconds.
    static func sample(_ count: Int, _ body: () throws -> Void) throws -> (p50: Double, p99: Double) {
        var times: [Double] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let start = ContinuousClock.now
            try body()
            times.append(seconds(ContinuousClock.now - start))
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, Int(Double(times.count) * 0.99))])
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6) }

    /// Whether two JSON documents hold the same value (key order aside).
    static func sameJSON(_ a: [UInt8], _ b: [UInt8]) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: Data(a)) as? NSDictionary
        let right = try JSONSerialization.jsonObject(with: Data(b)) as? NSDictionary
        return left != nil && left == right
    }
}

/// Latencies collected from several threads.
final class LatencyBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var values: [Double] = []

    func append(_ more: [Double]) { lock.withLock { values += more } }
}

/// The process's allocation count, when Benchmarks/malloc_count.c is preloaded.
struct AllocationCounter {
    private let function: @convention(c) () -> UInt

    init?() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "screenkit_allocations") else { return nil }
        function = unsafeBitCast(symbol, to: (@convention(c) () -> UInt).self)
    }

    func count() -> UInt { function() }
}

/// The embedded history's contracts.
enum EmbeddedHistory {
    static let contracts = EmbeddedContractHistory.files.map { try! ContractFile.decode($0).contract }
}

/// The data-driven orders screen rendered per request in Polish (its localized strings looked up
/// in the String Catalog and formatted, the plural form chosen by the number of orders) against the
/// same screen with its strings written as literals, by the same renderer, in one run.
enum LocalizedRenderBenchmark {
    /// The largest ratio issue 27 allows.
    static let target = 1.2

    /// Measures both for every contract version and prints one `#` line per measurement.
    static func run(_ options: RenderBenchmark.Options) throws {
        let renderer = try ScreenRenderer(
            catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files),
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
        let customer = Customer.sample(orders: options.orders)
        let localized = OrdersScreen.screen(for: customer)
        // The same screen with literal strings: its Polish text written in, once.
        let literal = Localizer(translations: renderer.translations, locale: "pl").localize(localized)
        let counter = AllocationCounter()
        log(
            "localization benchmark: the orders screen (\(options.orders) orders) in pl, localized per request, against the same screen with literal strings, \(options.requests) paired renders per case"
        )
        for version in 1...renderer.current {
            let client = ClientContract.version(version)
            guard
                try renderer.render(localized, for: client, locale: "pl").bytes
                    == renderer.render(literal, for: client, locale: "pl").bytes
            else { throw BenchError("the screen localized per request differs from its literal Polish strings") }
            let times = try ExperimentRenderBenchmark.paired(
                rounds: options.requests, batch: 1,
                with: { _ = try renderer.render(localized, for: client, locale: "pl") },
                without: { _ = try renderer.render(literal, for: client, locale: "pl") })
            let allocations = try ExperimentRenderBenchmark.allocations(counter) { _ in
                _ = try renderer.render(localized, for: client, locale: "pl")
            } without: { _ in
                _ = try renderer.render(literal, for: client, locale: "pl")
            }
            print(
                ExperimentRenderBenchmark.comparison(
                    "# localized, orders in pl per request, contract \(version)", names: ("localized", "literal"),
                    times,
                    target: target, allocations: allocations))
        }
        let localizer = Localizer(translations: renderer.translations, locale: "pl")
        let walk = try RenderBenchmark.sample(options.requests) { _ = localizer.localize(localized) }
        let none = try RenderBenchmark.sample(options.requests) { _ = localizer.localize(literal) }
        print(
            "# localized: the Localizer pass alone \(RenderBenchmark.format(walk.p50)) us on the screen, \(RenderBenchmark.format(none.p50)) us on its literal copy (nothing to replace)"
        )
    }
}

/// The orders screen rendered from data in a loop for the current contract version, and nothing
/// else: what `perf record` or `valgrind --tool=callgrind` profile. Prints the p50 of the loop.
enum ProfileLoop {
    static func run(_ options: RenderBenchmark.Options, loops: Int) throws {
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let customer = Customer.sample(orders: options.orders)
        let built = OrdersScreen.screen(for: customer)
        let client = ClientContract.version(renderer.current)
        var size = 0
        let step: () throws -> Void
        switch options.profilePhase {
        case "build": step = { size &+= OrdersScreen.screen(for: customer).content.count }
        case "render": step = { size &+= try renderer.render(built, for: client).bytes.count }
        case "data": step = { size &+= OrdersDataWork.strings(for: customer) }
        case "home":
            let home = App.catalog.screens.first { $0.id == "home" }!
            step = { size &+= try renderer.render(home, for: client).bytes.count }
        case "home1":
            // For contract 1, which lacks the product card: its fallback is written instead.
            let home = App.catalog.screens.first { $0.id == "home" }!
            step = { size &+= try renderer.render(home, for: .version(1)).bytes.count }
        case "respond":
            // The whole response to GET /screens/home as the example servers give it: String
            // Catalogs configured, the contract-health aggregator attached, a unit for the arms.
            let served = try ScreenRenderer(
                catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files),
                strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
            let observed = served.observed(by: ContractHealthMetrics(renderer: served))
            let header = String(served.current)
            step = {
                size &+=
                    observed.respond(
                        screenID: "home", contractHeader: header, ifNoneMatch: nil,
                        experiments: ExperimentContext(unit: "u1"), acceptLanguage: nil
                    ).body.count
            }
        default: step = { size &+= try renderer.render(OrdersScreen.screen(for: customer), for: client).bytes.count }
        }
        var allocations = "not counted"
        if let counter = AllocationCounter() {
            let before = counter.count()
            for _ in 0..<100 { try step() }
            allocations = String(format: "%.0f", Double(counter.count() - before) / 100)
        }
        let timing = try RenderBenchmark.sample(loops, step)
        print(
            "profile loop (\(options.profilePhase), \(loops) times): p50 \(RenderBenchmark.format(timing.p50)) us, "
                + "p99 \(RenderBenchmark.format(timing.p99)) us, \(allocations) allocations per loop (\(size) bytes)")
    }
}

/// The work the orders screen function does with the customer's data before any node exists: the
/// product lookups and the strings it makes, with nothing built from them. A floor that any way of
/// building the screen from the same data pays (`--profile-phase data`).
enum OrdersDataWork {
    /// Makes the screen's strings for `customer`; their total length, so nothing is optimized away.
    static func strings(for customer: Customer) -> Int {
        var size = "Hello, \(customer.name)".utf8.count + "You have \(customer.orders.count) orders".utf8.count
        for order in customer.orders {
            let product = Product.all.first { $0.sku == order.sku }
            size &+= "order-\(order.number)".utf8.count
            size &+= (product?.screenID ?? "home").utf8.count
            size &+= (product?.name ?? order.sku).utf8.count
            size &+= "\(order.quantity) × · \(order.total)".utf8.count
            if let url = order.trackingURL { size &+= "track-\(order.number)".utf8.count + url.utf8.count }
        }
        return size
    }
}
