import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenRendering

/// Rendering a screen that holds one experiment against the same screen without it, in one run:
/// the catalog-screen path (compiled at start-up, arms decided per request) and the per-request
/// path (a screen built per request, its experiment resolved by unit, then validated and written).
enum ExperimentRenderBenchmark {
    /// The experiment the benchmark adds around the orders screen's last button.
    static let experimentName = "keep-shopping-test"
    /// The catalog screen without the experiment.
    static let plainID = "bench-orders"
    /// The catalog screen with the experiment.
    static let experimentID = "bench-orders-experiment"
    /// The largest ratio issue 26 allows.
    static let target = 1.1

    /// `screen` with its last top-level list's last node wrapped in a two-arm experiment (50/50):
    /// `control` is that node as it is, `b` the same node restyled.
    static func withExperiment(_ screen: Screen) throws -> Screen {
        var copy = screen
        guard var scroll = copy.content.first, var list = scroll.children?.first,
            var items = list.children, let last = items.last
        else { throw BenchError("the orders screen no longer has the shape ScrollView > LazyVStack > nodes") }
        let restyled = last.setting("style", ButtonStyle.primary.wireValue)
        items[items.count - 1] =
            Experiment(experimentName) {
                Arm("control", weight: 50) { last }
                Arm("b", weight: 50) { restyled }
            }.nodes[0]
        list.children = items
        scroll.children = [list]
        copy.content = [scroll]
        return copy
    }

    /// `screen` under another ID.
    static func renamed(_ screen: Screen, _ id: String) -> Screen {
        var copy = screen
        copy.id = id
        return copy
    }

    /// Measures both paths for every contract version and prints one `#` line per measurement.
    static func run(_ options: RenderBenchmark.Options) throws {
        let customer = Customer.sample(orders: options.orders)
        let plain = OrdersScreen.screen(for: customer)
        let experimental = try withExperiment(plain)
        var catalog = App.catalog
        catalog.screens += [renamed(plain, plainID), renamed(experimental, experimentID)]
        let renderer = try ScreenRenderer(catalog: catalog, history: .embedded(EmbeddedContractHistory.files))
        let contexts = (0..<options.units).map { ExperimentContext(unit: "user-\($0)") }
        let declaration = try experimental.experimentDeclaration(experimentName)
        let controlContext = try contexts.first {
            ExperimentAssignment.arm(of: declaration, unit: $0.unit!) == "control"
        }.unwrapped("no unit of \(options.units) lands in the control arm")
        let counter = AllocationCounter()
        log(
            "experiment benchmark: one experiment (2 arms, 50/50) around the last button of the orders screen (\(options.orders) orders), \(options.units) units in turn, \(options.requests) paired renders per case"
        )
        for version in 1...renderer.current {
            let client = ClientContract.version(version)
            // The control arm's bytes are the plain screen's, on both paths.
            let control = try renderer.render(experimental, for: client, experiments: controlContext).bytes
            let catalogControl = try renderer.render(screenID: experimentID, for: client, experiments: controlContext)
            guard control == (try renderer.render(plain, for: client)).bytes else {
                throw BenchError("per request, the control arm's bytes differ from the screen without the experiment")
            }
            guard catalogControl.bytes == (try renderer.render(renamed(plain, experimentID), for: client)).bytes else {
                throw BenchError("the catalog screen's control bytes differ from the screen without the experiment")
            }

            var served: [String: Int] = [:]
            var index = 0
            let perRequest = try paired(
                rounds: options.requests, batch: 1,
                with: {
                    index += 1
                    let rendered = try renderer.render(
                        experimental, for: client, experiments: contexts[index % contexts.count])
                    served[rendered.experiments[0].arm, default: 0] += 1
                },
                without: { _ = try renderer.render(plain, for: client) }, warmedUp: { served = [:] })
            let perRequestAllocations = try allocations(counter) {
                _ = try renderer.render(experimental, for: client, experiments: contexts[$0 % contexts.count])
            } without: { _ in
                _ = try renderer.render(plain, for: client)
            }
            report(
                "per request (orders built once, resolved by unit, validated and written)", version: version,
                perRequest, allocations: perRequestAllocations,
                note: "arms served: "
                    + served.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                        separator: ", "))

            // 100 catalog renders per timed batch: one takes about 0.1 µs, too short to time alone.
            let catalogBatch = 100
            let catalogPath = try paired(
                rounds: max(20, options.requests / 10), batch: catalogBatch,
                with: {
                    for _ in 0..<catalogBatch {
                        index += 1
                        _ = try renderer.render(
                            screenID: experimentID, for: client, experiments: contexts[index % contexts.count])
                    }
                },
                without: {
                    for _ in 0..<catalogBatch {
                        index += 1
                        _ = try renderer.render(
                            screenID: plainID, for: client, experiments: contexts[index % contexts.count])
                    }
                })
            let catalogAllocations = try allocations(counter) {
                _ = try renderer.render(
                    screenID: experimentID, for: client, experiments: contexts[$0 % contexts.count])
            } without: {
                _ = try renderer.render(screenID: plainID, for: client, experiments: contexts[$0 % contexts.count])
            }
            report(
                "catalog screen (compiled at start-up, arm decided by unit)", version: version, catalogPath,
                allocations: catalogAllocations, note: nil)
        }
    }

    /// The p50 time of one call of each body, in seconds: `rounds` rounds, each timing a batch of
    /// `with` and a batch of `without` (alternating which goes first), `batch` calls per batch,
    /// after 50 untimed calls of each and then `warmedUp`.
    static func paired(
        rounds: Int, batch: Int, with: () throws -> Void, without: () throws -> Void, warmedUp: () -> Void = {}
    ) throws -> (with: Double, without: Double) {
        for _ in 0..<50 {
            try with()
            try without()
        }
        warmedUp()
        var withTimes: [Double] = []
        var withoutTimes: [Double] = []
        /// One batch's time per call.
        func time(_ body: () throws -> Void) rethrows -> Double {
            let start = ContinuousClock.now
            try body()
            return RenderBenchmark.seconds(ContinuousClock.now - start) / Double(batch)
        }
        for round in 0..<rounds {
            if round % 2 == 0 {
                withTimes.append(try time(with))
                withoutTimes.append(try time(without))
            } else {
                withoutTimes.append(try time(without))
                withTimes.append(try time(with))
            }
        }
        withTimes.sort()
        withoutTimes.sort()
        return (withTimes[withTimes.count / 2], withoutTimes[withoutTimes.count / 2])
    }

    /// Allocations per call of each body (call number passed in), when the counter is preloaded.
    static func allocations(
        _ counter: AllocationCounter?, with: (Int) throws -> Void, without: (Int) throws -> Void
    ) rethrows -> (with: Double, without: Double)? {
        guard let counter else { return nil }
        /// Allocations per call over 100 calls.
        func count(_ body: (Int) throws -> Void) rethrows -> Double {
            let before = counter.count()
            for call in 0..<100 { try body(call) }
            return Double(counter.count() - before) / 100
        }
        return (try count(with), try count(without))
    }

    /// Prints one measurement: both p50s, the ratio against the target, allocations if counted.
    static func report(
        _ path: String, version: Int, _ times: (with: Double, without: Double),
        allocations: (with: Double, without: Double)?,
        note: String?
    ) {
        print(
            comparison(
                "# experiment, \(path), contract \(version)", names: ("with", "without"), times, target: target,
                allocations: allocations, note: note))
    }

    /// `prefix: with … us, without … us, ratio … (target <= …: met), +… us; allocs … vs …; note`,
    /// `with` and `without` named by `names`.
    static func comparison(
        _ prefix: String, names: (with: String, without: String), _ times: (with: Double, without: Double),
        target: Double, allocations: (with: Double, without: Double)?, note: String? = nil
    ) -> String {
        let ratio = times.with / times.without
        var line =
            "\(prefix): \(names.with) \(String(format: "%.2f", times.with * 1e6)) us, \(names.without) \(String(format: "%.2f", times.without * 1e6)) us, ratio \(String(format: "%.3f", ratio)) (target <= \(target): \(ratio <= target ? "met" : "missed")), +\(String(format: "%.2f", (times.with - times.without) * 1e6)) us"
        if let allocations {
            line +=
                "; allocs \(String(format: "%.0f", allocations.with)) vs \(String(format: "%.0f", allocations.without))"
        }
        if let note { line += "; \(note)" }
        return line
    }
}

extension Screen {
    /// The declaration of the experiment named `name` in the screen.
    fileprivate func experimentDeclaration(_ name: String) throws -> Experiment.Declaration {
        try ExperimentResolution.experiments(in: self).first { $0.name == name }.unwrapped(
            "the screen has no experiment \(name)"
        ).declaration
    }
}

extension Optional {
    /// The value, or a ``BenchError`` with `message`.
    fileprivate func unwrapped(_ message: String) throws -> Wrapped {
        guard let self else { throw BenchError(message) }
        return self
    }
}
