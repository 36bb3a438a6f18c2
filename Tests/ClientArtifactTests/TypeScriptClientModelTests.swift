import ExampleScreens
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The TypeScript client model per frozen version: golden-tested, compiled with Debian's tsc
/// (`node-typescript`, installed here when missing) under `--strict --noUncheckedIndexedAccess`,
/// and run with node over every variant of its version and over negative controls.
@Suite(.serialized) struct TypeScriptClientModelTests {
    static func model(_ version: Int) -> String {
        let frozen = ClientArtifactTests.versions[version - 1]
        return TypeScriptClientModel.source(frozen.contract, version: version, sha256: frozen.sha256)
    }

    @Test func modelsMatchTheirGoldensAndRegenerateIdentically() {
        for version in 1...ClientArtifactTests.versions.count {
            #expect(!Self.model(version).isEmpty)
            Golden.expect(Array(Self.model(version).utf8), matches: "clients/ScreenModel-\(version).ts")
            #expect(Self.model(version) == Self.model(version))
        }
    }

    // MARK: Compiled with tsc, run with node

    /// Compiles `source` with the driver into `folder`; the driver's JavaScript.
    static func compiledDecoder(_ source: String, label: String, in folder: URL) throws -> String {
        let (script, status, output) = try TypeScriptCheck.compile(source, label: label, in: folder)
        #expect(status == 0 && output.isEmpty, "tsc: \(output)")
        return script
    }

    /// Runs the compiled driver with node over `payloads` in one process.
    static func decode(_ script: String, _ payloads: [(String, [UInt8])], in folder: URL) throws -> (Int32, String) {
        return try TypeScriptCheck.decode(script, payloads, in: folder)
    }

    @Test(.needs(.typeScript))
    func eachVersionsModelCompilesStrictlyAndDecodesEveryVariantAndRefusesTheNegativeControls() throws {
        let folder = try ClientArtifactTests.folder("typescript-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        let settings = try #require(ExampleApp.compact.screens.first { $0.id == "settings" })
        let v1 = String(decoding: try #require(settings.variant(for: 1)).envelope, as: UTF8.self)
        let v2 = String(decoding: try #require(settings.variant(for: 2)).envelope, as: UTF8.self)
        // Every version in one tsc run, each model with its driver in a folder of its own.
        let versions = 1...ClientArtifactTests.versions.count
        let (scripts, compiled, diagnostics) = try TypeScriptCheck.compile(
            versions.map { ("v\($0)", Self.model($0)) }, label: "contract models", in: folder)
        #expect(compiled == 0 && diagnostics.isEmpty, "tsc: \(diagnostics)")
        for (version, script) in zip(versions, scripts) {
            let build = folder.appendingPathComponent("payloads/v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ClientArtifactTests.variants(version)
            #expect(variants.count == ExampleApp.compact.screens.count)
            let payload = version == 1 ? v1 : v2
            let missing = payload.replacingOccurrences(of: #""content":"Settings""#, with: #""contnet":"Settings""#)
            let wrongValue = payload.replacingOccurrences(
                of: #""style":"largeTitle""#, with: #""style":"huge""#)
            let unknownKind = payload.replacingOccurrences(of: #""type":"navigate""#, with: #""type":"teleport""#)
            #expect(missing != payload && wrongValue != payload && unknownKind != payload)
            var controls = [
                ("missing.json", missing), ("wrong-value.json", wrongValue), ("unknown-kind.json", unknownKind),
            ]
            if version == 1 { controls.append(("v2.json", v2)) }
            let (status, output) = try Self.decode(
                script, variants + controls.map { ($0.0, Array($0.1.utf8)) }, in: build)
            #expect(status == 1, "\(output)")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("decoded ") }.count == variants.count, "\(output)")
            #expect(lines.filter { $0.hasPrefix("failed ") }.count == controls.count, "\(output)")
            #expect(!output.contains("crashed"), "\(output)")
            print(lines.filter { $0.hasPrefix("failed ") }.joined(separator: "\n"))
            func refusal(_ name: String) -> String { lines.first { $0.contains("/\(name): ") } ?? "" }
            #expect(refusal("missing.json").contains(".content: missing required \"content\""), "\(output)")
            #expect(refusal("wrong-value.json").contains(#".style: unknown value "huge" of TextStyle"#), "\(output)")
            #expect(
                refusal("unknown-kind.json").contains(#".type: unknown action kind "teleport" (contract \#(version))"#),
                "\(output)")
            if version == 1 {
                #expect(
                    refusal("v2.json").contains(#".type: unknown component type "divider" (contract 1)"#), "\(output)")
                #expect(refusal("v2.json").contains("failed ") && refusal("v2.json").contains(": $.root."), "\(output)")
            }
        }
    }

    /// A contract whose wire names are no plain TypeScript: reserved words, dashes, a leading digit,
    /// names that collide once camel-cased or with the module's own types, tagged slots, lists and
    /// maps; its module still compiles, and decodes and refuses with the right paths.
    @Test(.needs(.typeScript)) func awkwardWireNamesCompileAndDecode() throws {
        let size = EnumSchema(name: "Node", cases: [EnumCase("huge-size"), EnumCase("small")])
        let contract = Contract(
            components: [
                ComponentSchema(
                    type: "default",
                    props: [
                        PropSchema("class", .string, .required), PropSchema("max-lines", .number, .defaulted(2)),
                        PropSchema("size", .enumeration(size), .defaulted("small")),
                        PropSchema("tags", .map(.list(.scalar)), .optional),
                    ], hasChildren: true, slots: ["header"]),
                ComponentSchema(type: "image-banner", props: [PropSchema("on tap", .action, .optional)]),
                ComponentSchema(type: "imageBanner", props: []),
                ComponentSchema(type: "3d", props: [PropSchema("in", .list(.enumeration(size)), .required)]),
            ],
            actions: [ActionSchema(kind: "delete", fields: [PropSchema("function", .bool, .defaulted(true))])],
            enums: [size])
        let source = TypeScriptClientModel.source(contract, version: 1, sha256: "-")
        for name in ["DefaultNode", "ImageBannerNode", "ImageBannerNode2", "_3dNode", "Node2", "DeleteAction"] {
            #expect(source.contains("export interface \(name) ") || source.contains("export type \(name) "), "\(name)")
        }
        #expect(source.contains(#"readonly "class": string;"#) && source.contains(#"readonly "max-lines": number;"#))
        let folder = try ClientArtifactTests.folder("typescript-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.compiledDecoder(source, label: "awkward names", in: folder)
        let good = """
            {"format":1,"id":"s","contract":1,"minContract":1,"initialState":{"a":[1,{"b":null}]},"root":{"type":"default",\
            "id":"r","class":"c","tags":{"x":[1,"y",true]},"children":[{"type":"3d","id":"d","slot":"header","in":["huge-size"]},\
            {"type":"image-banner","id":"b","on tap":{"type":"delete"}},{"type":"imageBanner","id":"c"}]}}
            """
        let badSlot = good.replacingOccurrences(of: #""slot":"header""#, with: #""slot":7"#)
        let badEnum = good.replacingOccurrences(of: #""in":["huge-size"]"#, with: #""in":["small","huge"]"#)
        let badKey = good.replacingOccurrences(
            of: #""on tap":{"type":"delete"}"#, with: #""on tap":{"type":"delete","x":1}"#)
        let (status, output) = try Self.decode(
            script,
            [("good.json", good), ("slot.json", badSlot), ("enum.json", badEnum), ("key.json", badKey)].map {
                ($0.0, Array($0.1.utf8))
            }, in: folder)
        #expect(status == 1, "\(output)")
        #expect(output.contains("/good.json\n"), "\(output)")
        #expect(output.contains("slot.json: $.root.children[0].slot: expected a string, found number 7"), "\(output)")
        #expect(output.contains(#"enum.json: $.root.children[0].in[1]: unknown value "huge" of Node"#), "\(output)")
        #expect(
            output.contains(#"key.json: $.root.children[1]["on tap"].x: unknown key "x" in action "delete""#),
            "\(output)")
    }

    @Test func codegenTypescriptPrintsTheGeneratorsModule() async throws {
        let folder = try ClientArtifactTests.folder("typescript-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: contract)
        let terminal = Terminal.capturing()
        let code = await CLI.run(
            ["contract", "codegen", "typescript", "--version", "1", "--out", "ScreenModel.ts"], catalog: App.catalog,
            terminal: terminal, workingDirectory: folder.path)
        #expect(code == .success, "\(terminal.standardError)")
        let written = try String(contentsOf: folder.appendingPathComponent("ScreenModel.ts"), encoding: .utf8)
        #expect(written == Self.model(1))
        let printed = Terminal.capturing()
        #expect(
            await CLI.run(
                ["contract", "codegen", "typescript"], catalog: App.catalog, terminal: printed,
                workingDirectory: folder.path) == .success)
        #expect(printed.standardOutput == Self.model(4))
    }
}
