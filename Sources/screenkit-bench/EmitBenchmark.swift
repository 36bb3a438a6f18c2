import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit

/// `screenkit-bench emit`: ScreenKit's pipeline and emit step against JSONEncoder, same tree, one process.
enum EmitBenchmark {
    struct Options: Equatable {
        var nodes = 100_000
        var runs = 5
        var phase = "all"
        var writeTree: String?
        var historyFolder = URL(fileURLWithPath: "Screens/Contract/history")
    }

    static func run(_ options: Options) throws {
        let started = ContinuousClock.now
        let bench = try BenchCatalog.make(nodes: options.nodes, historyFolder: options.historyFolder)
        let compiler = Compiler(catalog: bench.catalog)
        let compileOptions = CompileOptions(style: .compact, history: bench.history)
        log(
            "generated \(bench.nodes) nodes in \(bench.catalog.screens.count) screens (\(ContinuousClock.now - started))"
        )
        var row: [(String, String)] = [("nodes", "\(bench.nodes)"), ("screens", "\(bench.catalog.screens.count)")]

        if options.phase == "profile" {
            // The same pipeline with the catalog in a wire profile (props under "data", no IDs):
            // the flat writer's output written again by the plain profile writer.
            var profiled = bench.catalog
            profiled.profile = WireProfile(name: "bench", nodes: .init(idKey: nil, props: .under("data")))
            let profileCompiler = Compiler(catalog: profiled)
            let (flatSeconds, _) = Measure.median(runs: options.runs) { compiler.compile(compileOptions) }
            let (seconds, result) = Measure.median(runs: options.runs) { profileCompiler.compile(compileOptions) }
            guard !result.hasErrors else { throw BenchError("the profiled catalog has errors") }
            row += [
                ("flat_pipeline_s", format(flatSeconds)), ("profile_pipeline_s", format(seconds)),
                ("profile_writer_s", format(seconds - flatSeconds)),
                ("profile_vs_flat", format(seconds / flatSeconds)),
            ]
            log("pipeline in the flat format \(format(flatSeconds)) s, in a wire profile \(format(seconds)) s")
        }

        if options.phase == "all" || options.phase == "pipeline" {
            let (seconds, result) = Measure.median(runs: options.runs) { compiler.compile(compileOptions) }
            guard !result.hasErrors else {
                throw BenchError("the generated catalog has errors: \(result.diagnostics.prefix(3))")
            }
            let bytes = result.screens.reduce(0) { total, screen in
                total + screen.full.count + Set(screen.variants.map(\.envelope)).reduce(0) { $0 + $1.count }
            }
            row += [
                ("pipeline_s", format(seconds)), ("pipeline_bytes", "\(bytes)"),
                ("pipeline_MBps", format(Double(bytes) / seconds / 1e6)),
            ]
            log("pipeline (validate + \(bench.history.count) variants + full): \(format(seconds)) s, \(bytes) bytes")
        }

        var emitSeconds = 0.0
        var writeSeconds = 0.0
        if options.phase == "all" || options.phase == "emit" {
            // The emit step from the DSL trees: each screen resolved (IDs assigned, scalars escaped)
            // and its full envelope written, one screen at a time, nothing kept but the bytes.
            let (seconds, envelopes) = try Measure.median(runs: options.runs) { try compiler.emitFull(compileOptions) }
            emitSeconds = seconds
            let bytes = envelopes.reduce(0) { $0 + $1.count }
            row += [
                ("emit_s", format(seconds)), ("emit_bytes", "\(bytes)"),
                ("emit_MBps", format(Double(bytes) / seconds / 1e6)),
            ]
            log("emit (resolve each screen's tree, write its full envelope): \(format(seconds)) s, \(bytes) bytes")
            if let path = options.writeTree {
                var tree: [UInt8] = [0x5B]
                for (index, envelope) in envelopes.enumerated() {
                    if index > 0 { tree.append(0x2C) }
                    tree.append(contentsOf: envelope)
                }
                tree.append(0x5D)
                try Data(tree).write(to: URL(fileURLWithPath: path))
                log("wrote the tree (\(envelopes.count) envelopes) to \(path)")
            }
        }
        if options.phase == "all" || options.phase == "write" {
            // Writing alone, from trees resolved beforehand: the counterpart of encoding a ready model.
            let trees = compiler.resolvedTrees()
            let (seconds, envelopes) = try Measure.median(runs: options.runs) {
                try compiler.emitFull(compileOptions, trees: trees)
            }
            writeSeconds = seconds
            let bytes = envelopes.reduce(0) { $0 + $1.count }
            row += [("write_s", format(seconds)), ("write_MBps", format(Double(bytes) / seconds / 1e6))]
            log("write (full envelopes from resolved trees): \(format(seconds)) s, \(bytes) bytes")
        }

        if options.phase == "all" || options.phase == "encoder" {
            let schemas = Dictionary(uniqueKeysWithValues: bench.catalog.components.map { ($0.type, $0) })
            // The model is built from the trees with their IDs assigned (untimed), as the encoder's
            // ready input; building it is timed apart, for the comparison from the DSL trees.
            let roots = compiler.resolvedTrees().map { $0?.root }
            let (modelSeconds, models) = Measure.median(runs: max(1, options.runs / 2)) {
                zip(bench.catalog.screens, roots).compactMap { screen, root -> CodableEnvelope? in
                    guard let root else { return nil }
                    return CodableEnvelope(
                        format: 1, id: screen.id, contract: bench.history.count, minContract: 1, title: screen.title,
                        initialState: screen.initialState.mapValues(CodableScalar.init),
                        root: CodableNode(root, schemas: schemas))
                }
            }
            row.append(("model_s", format(modelSeconds)))
            for sorted in [false, true] {
                let encoder = JSONEncoder()
                if sorted { encoder.outputFormatting = [.sortedKeys] }
                let (seconds, data) = try Measure.median(runs: max(1, options.runs / 2)) {
                    try models.map { try encoder.encode($0) }
                }
                let bytes = data.reduce(0) { $0 + $1.count }
                let name = sorted ? "encoder_sorted" : "encoder"
                row += [(name + "_s", format(seconds)), (name + "_bytes", "\(bytes)")]
                if emitSeconds > 0 {
                    row.append((name + "_vs_emit", format(seconds / emitSeconds)))
                    row.append((name + "_from_tree_vs_emit", format((modelSeconds + seconds) / emitSeconds)))
                }
                if writeSeconds > 0 { row.append((name + "_vs_write", format(seconds / writeSeconds))) }
                log("JSONEncoder\(sorted ? " (sortedKeys)" : ""): \(format(seconds)) s, \(bytes) bytes")
            }
        }
        row.append(("peak_MiB", format(Measure.peakMemoryMiB())))
        print(row.map(\.0).joined(separator: "\t"))
        print(row.map(\.1).joined(separator: "\t"))
    }

    static func format(_ value: Double) -> String {
        String(format: value < 1 ? "%.6f" : value < 10 ? "%.4f" : "%.1f", value)
    }
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("screenkit-bench: \(message)\n".utf8))
}
