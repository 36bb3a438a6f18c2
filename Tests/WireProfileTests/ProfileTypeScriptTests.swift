import ExampleProfiles
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The TypeScript client model of each wire-profile example app's frozen versions, in the profile
/// that version's clients decode: golden-tested, compiled with tsc under `--strict
/// --noUncheckedIndexedAccess` with a text renderer over its renderer interface, run with node over
/// every variant of its version (all decode, each component drawn by its own function) and over
/// the payloads of the wrong shape the Swift model refuses (all refused).
@Suite(.serialized) struct ProfileTypeScriptTests {
    static func model(_ example: ProfileExample, _ version: Int) -> String {
        let frozen = example.history.versions[version - 1]
        return TypeScriptClientModel.source(
            frozen.contract, version: version, sha256: frozen.sha256,
            profile: ProfileClientArtifactTests.profile(example, version))
    }

    /// Decodes each file named on the command line and renders it with a text renderer of every
    /// component (`[type]` and its rendered children and slots): `decoded <file> <drawing>`, or
    /// `failed <file>: <message>`; the envelope rendered whole, or each device's layout.
    static func driver(for contract: Contract, model: String) -> String {
        var source = """
            import { decode, DecodeError, render, Renderer } from "./ScreenModel";

            declare const require: (name: string) => { readFileSync(path: string, encoding: string): string };
            declare const process: { argv: string[]; exitCode?: number };

            const text: Renderer<string> = {

            """
        for component in contract.components {
            source +=
                "    \"\(component.type)\": (props, rendered) => \"[\(component.type)]\" + JSON.stringify(rendered),\n"
        }
        let drawing: String
        if model.contains("export function renderEnvelope") {
            source = source.replacingOccurrences(of: "render, Renderer", with: "render, renderEnvelope, Renderer")
            drawing = "renderEnvelope(text, envelope)"
        } else {
            let layout = model.range(of: "export interface Layout {").map {
                String(model[$0.upperBound...].prefix(200))
            }
            let list = layout?.contains("readonly root: readonly Node[]") == true
            drawing =
                "envelope.layouts.map((layout) => [layout.device, "
                + (list ? "layout.root.map((node) => render(text, node))" : "render(text, layout.root)") + "])"
        }
        return source + """
            };

            const fs = require("fs");
            let failed = 0;
            for (const path of process.argv.slice(2)) {
                try {
                    const envelope = decode(JSON.parse(fs.readFileSync(path, "utf8")));
                    console.log(`decoded ${path} ${JSON.stringify(\(drawing))}`);
                } catch (error) {
                    failed += 1;
                    const kind = error instanceof DecodeError ? "failed" : "crashed";
                    console.log(`${kind} ${path}: ${error instanceof Error ? error.message : String(error)}`);
                }
            }
            void render;
            process.exitCode = failed === 0 ? 0 : 1;

            """
    }

    @Test(arguments: ProfileExample.all)
    func modelsMatchTheirGoldens(_ example: ProfileExample) {
        for version in 1...example.history.versions.count {
            Golden.expect(
                Array(Self.model(example, version).utf8),
                matches: "profiles/\(example.name)/clients/ScreenModel-\(version).ts")
            #expect(Self.model(example, version) == Self.model(example, version))
        }
    }

    /// Every example app's versions, compiled in one tsc run (each model with its driver in a
    /// folder of its own), each run with node over every variant of its version and the wrong
    /// shapes it must refuse.
    @Test(.needs(.typeScript))
    func eachVersionsModelCompilesStrictlyDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("profile-typescript")
        defer { try? FileManager.default.removeItem(at: folder) }
        let runs = ProfileExample.all.flatMap { example in
            (1...example.history.versions.count).map { (example, $0) }
        }
        let (scripts, status, diagnostics) = try TypeScriptCheck.compile(
            runs.map { example, version in ("\(example.name)-v\(version)", Self.model(example, version)) },
            label: "profile models", in: folder,
            drivers: runs.map { example, version in
                Self.driver(
                    for: example.history.versions[version - 1].contract, model: Self.model(example, version))
            })
        #expect(status == 0 && diagnostics.isEmpty, "tsc: \(diagnostics)")
        for ((example, version), script) in zip(runs, scripts) {
            let wrong = try ProfileClientArtifactTests.wrongShapes(example)
            let build = folder.appendingPathComponent("payloads/\(example.name)-v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ProfileClientArtifactTests.variants(example, version)
            let refused = wrong.filter { $0.version == version }
            let (decoded, output) = try TypeScriptCheck.decode(
                script, variants + refused.map { ($0.name, $0.bytes) }, in: build)
            #expect(decoded == (refused.isEmpty ? 0 : 1), "\(example.name)@\(version): \(output)")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("decoded ") }.count == variants.count, "\(output)")
            // Each component a variant holds is drawn by its own renderer function.
            let contract = example.history.versions[version - 1].contract
            var checked = 0
            for (name, bytes) in variants {
                let drawn = lines.first { $0.hasPrefix("decoded ") && $0.contains("/\(name) ") } ?? ""
                let text = String(decoding: bytes, as: UTF8.self)
                for component in contract.components where text.contains("\"\(component.type)\"") {
                    checked += 1
                    #expect(
                        drawn.contains("[\(component.type)]"), "\(example.name) \(name): \(component.type) in \(drawn)")
                }
            }
            #expect(checked >= variants.count, "\(example.name)@\(version): the components were found in the envelopes")
            #expect(lines.filter { $0.hasPrefix("failed ") }.count == refused.count, "\(output)")
            for payload in refused where payload.name == "unknown-type.json" {
                let line = lines.first { $0.contains("/\(payload.name): $.") } ?? ""
                #expect(line.contains(payload.modelSays), "\(example.name): \(output)")
            }
        }
    }
}
