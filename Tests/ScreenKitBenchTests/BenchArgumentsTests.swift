import ExampleScreens
import Foundation
import ScreenRendering
import Testing

@testable import screenkit_bench

/// `screenkit-bench` reads its arguments strictly: what it cannot use is an error, never ignored.
struct BenchArgumentsTests {
    @Test func emitTakesEveryOptionAndDefaultsTheRest() throws {
        var expected = EmitBenchmark.Options()
        #expect(try BenchArguments.parse(["emit"]) == .emit(expected))
        expected.nodes = 1000
        expected.runs = 7
        expected.phase = "emit"
        expected.writeTree = "/tmp/tree.json"
        let parsed = try BenchArguments.parse([
            "emit", "--nodes", "1000", "--runs", "7", "--phase", "emit", "--write-tree", "/tmp/tree.json",
        ])
        #expect(parsed == .emit(expected))
    }

    @Test func renderTakesTheExperimentOptions() throws {
        var expected = RenderBenchmark.Options()
        #expect(try BenchArguments.parse(["render"]) == .render(expected))
        expected.units = 50
        expected.experimentsOnly = true
        expected.requests = 300
        let parsed = try BenchArguments.parse([
            "render", "--experiments-only", "--units", "50", "--requests", "300",
        ])
        #expect(parsed == .render(expected))
        var localized = RenderBenchmark.Options()
        localized.localizedOnly = true
        #expect(try BenchArguments.parse(["render", "--localized-only"]) == .render(localized))
        var observed = RenderBenchmark.Options()
        observed.observedOnly = true
        observed.flood = 5000
        #expect(try BenchArguments.parse(["render", "--observed-only", "--flood", "5000"]) == .render(observed))
        var loop = RenderBenchmark.Options()
        loop.profileLoop = 300
        loop.profilePhase = "build"
        #expect(
            try BenchArguments.parse(["render", "--profile-loop", "300", "--profile-phase", "build"]) == .render(loop))
        loop.profilePhase = "data"
        #expect(
            try BenchArguments.parse(["render", "--profile-loop", "300", "--profile-phase", "data"]) == .render(loop))
        loop.profilePhase = "respond"
        #expect(
            try BenchArguments.parse(["render", "--profile-loop", "300", "--profile-phase", "respond"])
                == .render(loop))
    }

    @Test func assignTakesUnitsWeightsAndARollout() throws {
        #expect(try BenchArguments.parse(["assign"]) == .assign(AssignBenchmark.Options()))
        #expect(
            AssignBenchmark.Options() == AssignBenchmark.Options(units: 100_000, weights: [50, 30, 20], rollout: 20))
        let parsed = try BenchArguments.parse(["assign", "--units", "5000", "--weights", "1,1", "--rollout", "5"])
        #expect(parsed == .assign(AssignBenchmark.Options(units: 5000, weights: [1, 1], rollout: 5)))
        #expect(try BenchArguments.parse(["assign", "-h"]) == .help)
    }

    @Test func allocationsTakesItems() throws {
        #expect(try BenchArguments.parse(["allocations"]) == .allocations(AllocationBenchmark.Options(items: 500)))
        #expect(
            try BenchArguments.parse(["allocations", "--items", "20"])
                == .allocations(AllocationBenchmark.Options(items: 20)))
        // Every kind builds a screen the renderer accepts, with the nodes it says an item is.
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        for kind in AllocationBenchmark.kinds {
            let screen = AllocationBenchmark.screen(kind, count: 3)
            #expect(throws: Never.self, "\(kind.name)") {
                _ = try renderer.render(screen, for: .version(renderer.current))
            }
            func count(_ node: AllocationBenchmark.BuiltNode) -> Int {
                1 + (node.children ?? []).reduce(0) { $0 + count($1) }
            }
            #expect(count(kind.item(0)) == kind.nodesPerItem, "\(kind.name)")
        }
        // Each part of the where-from table runs.
        for part in AllocationSources.parts { #expect(part.body(2) > 0, "\(part.name)") }
    }

    @Test func publishNeedsATargetAndAnEndpoint() throws {
        let parsed = try BenchArguments.parse([
            "publish", "--to", "s3://bench/p", "--endpoint", "http://127.0.0.1:9000", "--screens", "10",
        ])
        #expect(
            parsed
                == .publish(
                    BenchArguments.PublishOptions(
                        target: "s3://bench/p", endpoint: "http://127.0.0.1:9000", screens: 10, region: "us-east-1")))
        #expect(throws: BenchArguments.UsageError("publish needs --endpoint URL")) {
            try BenchArguments.parse(["publish", "--to", "s3://bench/p"])
        }
        #expect(throws: BenchArguments.UsageError("publish needs --to s3://bucket/prefix")) {
            try BenchArguments.parse(["publish", "--endpoint", "http://127.0.0.1:9000"])
        }
    }

    @Test func helpIsAskedForInEveryForm() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["emit", "--help"], ["publish", "-h"]] {
            #expect(try BenchArguments.parse(arguments) == .help)
        }
    }

    @Test(arguments: [
        ([], "no command given (emit, render, assign, publish, catalog-read or allocations)"),
        (["bench"], "unknown command 'bench' (emit, render, assign, publish, catalog-read or allocations)"),
        (["emit", "--nodes", "abc"], "--nodes must be a whole number of at least 1 (got 'abc')"),
        (["emit", "--nodes", "0"], "--nodes must be a whole number of at least 1 (got '0')"),
        (["emit", "--runs", "-3"], "--runs must be a whole number of at least 1 (got '-3')"),
        (["emit", "--nodes"], "--nodes needs a value"),
        (["emit", "--nodes", "--runs", "3"], "--nodes needs a value"),
        (["emit", "--nodse", "10"], "unknown option '--nodse' for emit"),
        (["emit", "1000"], "unexpected argument '1000' for emit"),
        (
            ["emit", "--phase", "bogus"],
            "--phase must be one of all, pipeline, emit, write, encoder, profile (got 'bogus')"
        ),
        (
            ["emit", "--phase", "write", "--write-tree", "t.json"],
            "--write-tree needs --phase all or emit, which write the tree (got 'write')"
        ),
        (
            ["publish", "--to", "s3://b/p", "--endpoint", "http://x", "--screens", "many"],
            "--screens must be a whole number of at least 1 (got 'many')"
        ),
        (["publish", "--bucket", "b"], "unknown option '--bucket' for publish"),
        (["render", "--units", "0"], "--units must be a whole number of at least 1 (got '0')"),
        (
            ["render", "--experiments-only", "--write-payloads", "/tmp/p"],
            "--write-payloads writes the main table's envelopes, which --experiments-only skips"
        ),
        (
            ["render", "--localized-only", "--write-payloads", "/tmp/p"],
            "--write-payloads writes the main table's envelopes, which --localized-only skips"
        ),
        (
            ["render", "--localized-only", "--experiments-only"],
            "--experiments-only and --localized-only each run one comparison: give one"
        ),
        (
            ["render", "--observed-only", "--localized-only"],
            "--localized-only and --observed-only each run one comparison: give one"
        ),
        (["render", "--flood", "0"], "--flood must be a whole number of at least 1 (got '0')"),
        (
            ["render", "--profile-loop", "10", "--profile-phase", "write"],
            "--profile-phase must be one of all, build, render, data, home, home1, respond (got 'write')"
        ),
        (["assign", "--units"], "--units needs a value"),
        (
            ["assign", "--weights", "50"],
            "--weights must be 2 to 11 whole numbers of at least 1, separated by commas (got '50')"
        ),
        (
            ["assign", "--weights", "50,,20"],
            "--weights must be 2 to 11 whole numbers of at least 1, separated by commas (got '50,,20')"
        ),
        (
            ["assign", "--weights", "50,0"],
            "--weights must be 2 to 11 whole numbers of at least 1, separated by commas (got '50,0')"
        ),
        (["assign", "--rollout", "100"], "--rollout must be a whole number from 1 to 99 (got '100')"),
        (["assign", "--rollout", "0"], "--rollout must be a whole number from 1 to 99 (got '0')"),
        (["assign", "--arms", "3"], "unknown option '--arms' for assign"),
        (["catalog-read", "--locales", "20"], "--locales must be a whole number from 1 to 19 (got '20')"),
        (["catalog-read", "--locales", "0"], "--locales must be a whole number from 1 to 19 (got '0')"),
        (["catalog-read", "--keys", "0"], "--keys must be a whole number of at least 1 (got '0')"),
        (["catalog-read", "--runs"], "--runs needs a value"),
        (["catalog-read", "--size", "2"], "unknown option '--size' for catalog-read"),
        (["allocations", "--items", "0"], "--items must be a whole number of at least 1 (got '0')"),
        (["allocations", "--nodes", "2"], "unknown option '--nodes' for allocations"),
    ])
    func badArgumentsAreRefusedWithAClearMessage(arguments: [String], message: String) {
        #expect(throws: BenchArguments.UsageError(message)) { try BenchArguments.parse(arguments) }
    }
}
