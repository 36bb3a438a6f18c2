import ExampleScreens
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// What mobile teams get from the frozen history: a JSON Schema per version, checked by a real
/// validator (Python's `jsonschema`) against every variant, and a Swift client model per version,
/// compiled with `swiftc` and run against every variant; both golden-tested.
@Suite(.serialized) struct ClientArtifactTests {
    static let versions = ExampleApp.history.versions
    static let live = Contract.live(App.catalog).0

    static func schema(_ version: Int) -> [UInt8] {
        EnvelopeSchema.variant(versions[version - 1].contract, version: version)
    }

    static var fullSchema: [UInt8] { EnvelopeSchema.full(live, version: versions.count) }

    static func model(_ version: Int) -> String {
        let frozen = versions[version - 1]
        return SwiftClientModel.source(frozen.contract, version: version, sha256: frozen.sha256)
    }

    /// A fresh folder under the system's temporary folder.
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes each payload into `folder`; their paths.
    static func write(_ payloads: [(String, [UInt8])], into folder: URL) throws -> [String] {
        try payloads.map { name, bytes in
            let file = folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            return file.path
        }
    }

    /// Every example screen's variant for `version`, as (file name, bytes).
    static func variants(_ version: Int) -> [(String, [UInt8])] {
        ExampleApp.compact.screens.compactMap { screen in
            screen.variant(for: version).map { ("\(screen.id)@\(version).json", $0.envelope) }
        }
    }

    /// Validates `payloads` against `schema` with `Tests/Support/validate_schema.py`.
    static func validate(_ schema: [UInt8], _ payloads: [(String, [UInt8])]) throws -> (Int32, String) {
        let python = try TestPython.interpreter.get()
        let folder = try folder("schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = try write([("schema.json", schema)], into: folder)[0]
        let files = try write(payloads, into: folder)
        let script = TestPython.supportFolder.appendingPathComponent("validate_schema.py").path
        let result = TestPython.run(python, [script, schemaFile] + files)
        return (result.status, result.output)
    }

    // MARK: Goldens

    @Test func schemasAndModelsMatchTheirGoldensAndRegenerateIdentically() {
        for version in 1...Self.versions.count {
            Golden.expect(Self.schema(version), matches: "clients/schema-\(version).json")
            Golden.expect(Array(Self.model(version).utf8), matches: "clients/ScreenModel-\(version).swift")
            #expect(Self.schema(version) == Self.schema(version))
            #expect(Self.model(version) == Self.model(version))
        }
        Golden.expect(Self.fullSchema, matches: "clients/schema-full.json")
    }

    // MARK: JSON Schema, with a real validator

    @Test(.integration("Python's jsonschema"))
    func everyVariantIsValidAgainstItsVersionsSchemaAndEveryFullEnvelopeAgainstTheFullSchema() throws {
        for version in 1...Self.versions.count {
            let payloads = Self.variants(version)
            #expect(payloads.count == ExampleApp.compact.screens.count)
            let (status, output) = try Self.validate(Self.schema(version), payloads)
            #expect(status == 0, "\(output)")
            #expect(
                output.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == payloads.count, "\(output)")
        }
        let fulls = ExampleApp.compact.screens.map { ("\($0.id).json", $0.full) }
        let (status, output) = try Self.validate(Self.fullSchema, fulls)
        #expect(status == 0, "\(output)")
        // Variants carry no inline fallback, so the full schema's extra member is never needed
        // there, but the variant schema refuses a full envelope that has one.
        let home = try #require(ExampleApp.compact.screens.first { $0.id == "home" })
        let (fullAgainstVariant, refusal) = try Self.validate(Self.schema(4), [("home.json", home.full)])
        #expect(fullAgainstVariant == 1 && refusal.contains("'fallback' was unexpected"), "\(refusal)")
    }

    @Test(.integration("Python's jsonschema")) func theSchemaRefusesWhatItsVersionDoesNotKnow() throws {
        let settings = try #require(ExampleApp.compact.screens.first { $0.id == "settings" })
        let v2 = String(decoding: try #require(settings.variant(for: 2)).envelope, as: UTF8.self)
        let v1 = String(decoding: try #require(settings.variant(for: 1)).envelope, as: UTF8.self)
        // A version-2 payload (its contract field aside): the divider is unknown to version 1.
        let relabelled = v2.replacingOccurrences(of: #""contract":2"#, with: #""contract":1"#)
        let misspelled = v1.replacingOccurrences(of: #""content":"Settings""#, with: #""contnet":"Settings""#)
        let laterValue = v1.replacingOccurrences(of: #""style":"largeTitle""#, with: #""style":"display""#)
        #expect(misspelled != v1 && laterValue != v1 && relabelled != v2)
        let (status, output) = try Self.validate(
            Self.schema(1),
            [
                ("v2.json", Array(v2.utf8)), ("relabelled.json", Array(relabelled.utf8)),
                ("misspelled.json", Array(misspelled.utf8)), ("later-value.json", Array(laterValue.utf8)),
            ])
        #expect(status == 1)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(output)")
        #expect(lines.allSatisfy { $0.hasPrefix("invalid ") }, "\(output)")
        #expect(
            lines.contains { $0.contains("v2.json: 2 is greater than the maximum of 1 (at contract)") }, "\(output)")
        #expect(lines.contains { $0.contains("relabelled.json: 'divider' is not one of") }, "\(output)")
        #expect(lines.contains { $0.contains("misspelled.json") && $0.contains("'content' is a required property") })
        #expect(lines.contains { $0.contains("later-value.json: 'display' is not one of") }, "\(output)")
    }

    // MARK: The Swift client model, compiled and run

    static let driver = """
        import Foundation

        var failed = 0
        for path in CommandLine.arguments.dropFirst() {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let envelope = try JSONDecoder().decode(ScreenModel.Envelope.self, from: data)
                print("decoded \\(envelope.id) contract \\(envelope.contract)")
            } catch DecodingError.dataCorrupted(let context) {
                failed += 1
                print("failed \\(path): \\(context.debugDescription)")
            } catch {
                failed += 1
                print("failed \\(path): \\(error)")
            }
        }
        exit(failed == 0 ? 0 : 1)

        """

    /// Compiles the model of `version` with the driver; the executable's path.
    static func compiledDecoder(_ version: Int, in folder: URL) throws -> String {
        let swiftc = try #require(TestPython.which("swiftc"), "swiftc is not on PATH")
        let model = folder.appendingPathComponent("ScreenModel.swift")
        let main = folder.appendingPathComponent("main.swift")
        try Data(Self.model(version).utf8).write(to: model)
        try Data(driver.utf8).write(to: main)
        let executable = folder.appendingPathComponent("decode").path
        let (status, output) = TestPython.run(
            swiftc, ["-swift-version", "6", "-warnings-as-errors", model.path, main.path, "-o", executable])
        #expect(status == 0, "swiftc: \(output)")
        return executable
    }

    @Test(.integration("compiles the generated Swift models"))
    func eachVersionsModelCompilesWithoutWarningsAndDecodesEveryVariantOfItsVersion() throws {
        let folder = try Self.folder("client-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...Self.versions.count {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let decoder = try Self.compiledDecoder(version, in: build)
            let files = try Self.write(Self.variants(version), into: build)
            let (status, output) = TestPython.run(decoder, files)
            #expect(status == 0, "\(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("decoded ") }.count == files.count, "\(output)")
            if version == 1 {
                let settings = try #require(ExampleApp.compact.screens.first { $0.id == "settings" })
                let v2 = try Self.write(
                    [("settings@2.json", try #require(settings.variant(for: 2)).envelope)], into: build)
                let (refused, message) = TestPython.run(decoder, v2)
                #expect(refused == 1)
                #expect(message.contains(#"unknown component type "divider" (contract 1)"#), "\(message)")
            }
        }
    }

    @Test func generatedModelsAreSwiftFormatClean() throws {
        let swift = try #require(TestPython.which("swift"), "swift is not on PATH")
        let folder = try Self.folder("client-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ExampleApp.root.appendingPathComponent(".swift-format").path
        for version in 1...Self.versions.count {
            let file = folder.appendingPathComponent("ScreenModel-\(version).swift")
            try Data(Self.model(version).utf8).write(to: file)
            let (status, output) = TestPython.run(
                swift, ["format", "lint", "--configuration", configuration, file.path])
            #expect(status == 0 && output.isEmpty, "\(output)")
        }
    }
}

/// The commands: `contract schema`, `contract codegen swift`, `contract serves`, and the schemas
/// `build` writes.
@Suite struct ClientArtifactCommandTests {
    let folder: URL

    init() throws {
        folder = try ClientArtifactTests.folder("client-cli")
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: contract)
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    @Test func schemaAndCodegenPrintOrWriteWhatTheGeneratorsWrite() async throws {
        let (code, out, _) = await run(["contract", "schema", "--version", "1"])
        #expect(code == .success)
        #expect(out == String(decoding: ClientArtifactTests.schema(1), as: UTF8.self))
        let (full, _, _) = await run(["contract", "schema", "--full", "--out", "full.json"])
        #expect(full == .success)
        let written = try Data(contentsOf: folder.appendingPathComponent("full.json"))
        #expect([UInt8](written) == ClientArtifactTests.fullSchema)
        let (model, modelOut, _) = await run(["contract", "codegen", "swift"])
        #expect(model == .success)
        #expect(modelOut == ClientArtifactTests.model(4))
    }

    @Test func badArgumentsAreUsageErrors() async {
        let cases: [([String], String)] = [
            (["contract", "schema", "--version", "9"], "--version 9 is not a frozen version (1 to 4)"),
            (["contract", "schema", "--full", "--version", "1"], "--full and --version exclude each other"),
            (["contract", "codegen"], "codegen needs a language"),
            (["contract", "codegen", "cobol"], "codegen supports swift, typescript and kotlin (got 'cobol')"),
            (["contract", "serves"], "serves needs the app's contract version"),
            (["contract", "serves", "0"], "'0' is not a contract version"),
        ]
        for (arguments, message) in cases {
            let (code, _, error) = await run(arguments)
            #expect(code == .usage, "\(arguments)")
            #expect(error.contains(message), "\(arguments): \(error)")
        }
    }

    @Test func buildWritesEachVersionsSchemaAndTheManifestNamesThem() async throws {
        let (code, _, error) = await run(["build"])
        #expect(code == .success, "\(error)")
        let dist = folder.appendingPathComponent("dist")
        for version in 1...4 {
            let alias = try Data(contentsOf: dist.appendingPathComponent("contracts/\(version)/schema.json"))
            #expect([UInt8](alias) == ClientArtifactTests.schema(version))
        }
        let full = try Data(contentsOf: dist.appendingPathComponent("contracts/full/schema.json"))
        #expect([UInt8](full) == ClientArtifactTests.fullSchema)
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: dist.appendingPathComponent("pointer.json")))))
        let manifest = try Manifest.decode(
            [UInt8](try Data(contentsOf: dist.appendingPathComponent(BucketLayout.manifest(pointer.manifest)))))
        #expect(manifest.schemas.map(\.contract) == [1, 2, 3, 4])
        for schema in manifest.schemas {
            let object = try Data(contentsOf: dist.appendingPathComponent(BucketLayout.object(schema.object)))
            #expect([UInt8](object) == ClientArtifactTests.schema(schema.contract))
        }
        #expect(manifest.fullSchema != nil)
    }

    @Test func servesNamesEachScreenAnAppCanNoLongerFetch() async throws {
        let (ok, out, _) = await run(["contract", "serves", "1"])
        #expect(ok == .success)
        #expect(out.contains("clients of contract 1 get all 7 screens of the catalog"), "\(out)")
        var catalog = App.catalog
        catalog.screens[0].minContract = 2
        let lostID = catalog.screens[0].id
        let (lost, _, error) = await run(["contract", "serves", "1"], catalog: catalog)
        #expect(lost == .violations)
        #expect(
            error.contains("screen \"\(lostID)\" needs contract 2 or newer; clients of 1 cannot fetch it"), "\(error)")
        #expect(error.contains("clients of contract 1 lose 1 of 7 screens"), "\(error)")
        // What was built: the same answer from the build folder's manifest.
        #expect(await run(["build"], catalog: catalog).0 == .success)
        let (published, _, publishedError) = await run(["contract", "serves", "1", "--published", "dist"])
        #expect(published == .violations)
        #expect(publishedError.contains("screen \"\(lostID)\" needs contract 2"), "\(publishedError)")
        let (missing, _, missingError) = await run(["contract", "serves", "1", "--published", "nowhere"])
        #expect(missing == .failure)
        #expect(missingError.contains("is nowhere a build folder?"), "\(missingError)")
    }
}
