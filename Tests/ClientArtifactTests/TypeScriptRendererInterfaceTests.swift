import ExampleScreens
import Foundation
import ScreenClients
import ScreenContract
import ScreenTestSupport
import Testing

/// The TypeScript renderer interface of each frozen version, checked by `tsc --strict` as an app's
/// build would: a text renderer of every component renders every variant of the example app with
/// node; one that leaves out a component, or reads a prop its version lacks, does not compile.
@Suite(.serialized) struct TypeScriptRendererInterfaceTests {
    /// A text renderer of every component of `contract` (`id:type(child,child)`), leaving out
    /// `leaving`, with `extra` statements after it, and a main that renders each file named on
    /// the command line.
    static func driver(for contract: Contract, leaving: String? = nil, extra: String = "") -> String {
        var source = """
            import { decode, render, renderEnvelope, perform, Renderer, ActionHandler } from "./ScreenModel";

            declare const require: (name: string) => { readFileSync(path: string, encoding: string): string };
            declare const process: { argv: string[] };

            const text: Renderer<string> = {

            """
        for component in contract.components where component.type != leaving {
            let children = component.hasChildren ? #"(${rendered.children.join(",")})"# : ""
            source += "    \(component.type): (props, rendered, node) => `${node.id}:\(component.type)\(children)`,\n"
        }
        source += "};\n\nconst handler: ActionHandler = {\n"
        for action in contract.actions {
            let body =
                action.kind == "sequence"
                ? "async (fields) => { for (const next of fields.actions) await perform(handler, next); }"
                : "(fields) => { console.log(\"\(action.kind)\"); }"
            source += "    \(action.kind): \(body),\n"
        }
        source += """
            };

            const fs = require("fs");
            for (const path of process.argv.slice(2)) {
                console.log(renderEnvelope(text, decode(JSON.parse(fs.readFileSync(path, "utf8")))));
            }
            void render;
            void handler;
            \(extra)

            """
        return source
    }

    static func model(_ version: Int) -> String {
        let frozen = ClientArtifactTests.versions[version - 1]
        return TypeScriptClientModel.source(frozen.contract, version: version, sha256: frozen.sha256)
    }

    @Test(.needs(.typeScript)) func aTextRendererOfEveryComponentRendersEveryVariantOfItsVersion() throws {
        let folder = try ClientArtifactTests.folder("typescript-renderer")
        defer { try? FileManager.default.removeItem(at: folder) }
        let versions = 1...ClientArtifactTests.versions.count
        let (scripts, status, output) = try TypeScriptCheck.compile(
            versions.map { ("v\($0)", Self.model($0)) }, label: "renderers", in: folder,
            drivers: versions.map { Self.driver(for: ClientArtifactTests.versions[$0 - 1].contract) })
        try #require(status == 0 && output.isEmpty, "tsc: \(output)")
        for (version, script) in zip(versions, scripts) {
            let build = folder.appendingPathComponent("payloads/v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ClientArtifactTests.variants(version)
            let (ran, rendered) = try TypeScriptCheck.decode(script, variants, in: build)
            #expect(ran == 0, "\(rendered)")
            let lines = rendered.split(separator: "\n")
            try #require(lines.count == variants.count, "\(rendered)")
            for ((name, bytes), line) in zip(variants, lines) {
                // Every node (each "id" but the envelope's own) is rendered once, by its own function.
                let nodes = String(decoding: bytes, as: UTF8.self).components(separatedBy: #""id":"#).count - 2
                #expect(line.components(separatedBy: ":").count - 1 == nodes, "\(name): \(line)")
            }
            #expect(rendered.contains(version >= 2 ? "card-aeropress:productCard" : "card-aeropress:card"))
        }
    }

    @Test(.needs(.typeScript)) func aRendererMissingAComponentOrReadingANewerPropDoesNotCompile() throws {
        let folder = try ClientArtifactTests.folder("typescript-renderer-negative")
        defer { try? FileManager.default.removeItem(at: folder) }
        // `text.maxLines` arrived in contract 2.
        let reading = #"const lines = (props: Parameters<Renderer<string>["text"]>[0]) => props.maxLines; void lines;"#
        let contracts = ClientArtifactTests.versions.map(\.contract)
        let (_, status, output) = try TypeScriptCheck.compile(
            [("missing", Self.model(4)), ("newer", Self.model(1)), ("known", Self.model(2))],
            label: "negative renderers",
            in: folder,
            drivers: [
                Self.driver(for: contracts[3], leaving: "productCard"), Self.driver(for: contracts[0], extra: reading),
                Self.driver(for: contracts[1], extra: reading),
            ])
        #expect(status != 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.contains("src/missing/main.ts") && $0.contains("Property 'productCard' is missing") },
            "\(output)")
        #expect(
            lines.contains { $0.contains("src/newer/main.ts") && $0.contains("Property 'maxLines' does not exist") },
            "\(output)")
        #expect(!output.contains("src/known/"), "contract 2 has text.maxLines: \(output)")
    }
}
