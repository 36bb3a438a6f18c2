import ExampleProfiles
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

@testable import ScreenClients

/// The client artifacts of a wire-profile app: each frozen version's JSON Schema and Swift model
/// describe the bytes its clients receive in the profile that version decodes. Every variant of
/// every example app validates against its version's schema (Python's `jsonschema`) and decodes with
/// its version's model (compiled with `swiftc`); payloads of the wrong shape are refused by both;
/// the artifacts are reviewed goldens.
@Suite(.serialized) struct ProfileClientArtifactTests {
    /// The frozen contracts of `example`, version 1 first.
    static func contracts(_ example: ProfileExample) -> [Contract] { example.history.versions.map(\.contract) }

    /// The profile clients of `version` of `example` decode.
    static func profile(_ example: ProfileExample, _ version: Int) -> WireProfile {
        ClientSchemas.profile(
            ofVersion: version, history: contracts(example), current: example.catalog.profile,
            profileSince: example.catalog.profileSince)
    }

    /// The schema of `version`'s variants, as `build` publishes it.
    static func schema(_ example: ProfileExample, _ version: Int) -> [UInt8] {
        schemas(example).versions[version - 1]
    }

    /// Every schema `build` publishes for `example`.
    static func schemas(_ example: ProfileExample) -> ClientSchemas {
        ClientSchemas(
            history: contracts(example), live: Contract.live(example.catalog).0,
            profileSince: example.catalog.profileSince)
    }

    /// The Swift model of `version`.
    static func model(_ example: ProfileExample, _ version: Int) -> String {
        let frozen = example.history.versions[version - 1]
        return SwiftClientModel.source(
            frozen.contract, version: version, sha256: frozen.sha256, profile: profile(example, version))
    }

    /// Every screen's variant for `version` (compact, as served), as (file name, bytes).
    static func variants(_ example: ProfileExample, _ version: Int) -> [(String, [UInt8])] {
        example.compile().screens.compactMap { screen in
            screen.variant(for: version).map { ("\(screen.id)@\(version).json", $0.envelope) }
        }
    }

    /// A payload of the wrong shape for clients of `version`, with what the schema validator and
    /// the model say about it.
    struct Wrong {
        /// The version whose schema and model must refuse it.
        let version: Int
        /// Its file name.
        let name: String
        /// The payload.
        let bytes: [UInt8]
        /// What the validator's line for it contains.
        let schemaSays: String
        /// What the decoder's line for it contains.
        let modelSays: String
    }

    /// `variant`'s bytes with `replace` replaced by `with` (which must occur).
    static func edited(_ variant: [UInt8], _ replace: String, _ with: String) -> [UInt8] {
        let text = String(decoding: variant, as: UTF8.self)
        #expect(text.contains(replace), "\(replace) is not in \(text)")
        return Array(text.replacingOccurrences(of: replace, with: with).utf8)
    }

    /// For each example, payloads of a shape its clients do not decode: for every app, a component
    /// type no version knows; for each of the four first apps, the mistakes its shape invites.
    static func wrongShapes(_ example: ProfileExample) throws -> [Wrong] {
        let newest = example.history.versions.count
        let screen = try #require(example.compile().screens.first { $0.variant(for: newest) != nil })
        let latest = try #require(screen.variant(for: newest)).envelope
        let typeKey = example.catalog.profile.nodes.typeKey
        let text = String(decoding: latest, as: UTF8.self)
        let type = try #require(
            example.catalog.components.map(\.type).first { text.contains("\"\(typeKey)\":\"\($0)\"") })
        let unknown = Wrong(
            version: newest, name: "unknown-type.json",
            bytes: edited(latest, "\"\(typeKey)\":\"\(type)\"", "\"\(typeKey)\":\"\(type)Unknown\""),
            schemaSays: "'\(type)Unknown' is not one of",
            modelSays: "unknown component type \"\(type)Unknown\" (contract \(newest))")
        guard newest == 2, let v1 = screen.variant(for: 1)?.envelope else { return [unknown] }
        return try [unknown] + specificWrongShapes(example, v1: v1, v2: latest)
    }

    /// The mistakes each example app's shape invites.
    static func specificWrongShapes(_ example: ProfileExample, v1: [UInt8], v2: [UInt8]) throws -> [Wrong] {
        switch example.name {
        case "widgets":
            return [
                Wrong(
                    version: 2, name: "props-not-under-data.json",
                    bytes: edited(v2, #""data":{"image":"event-banner-1"}"#, #""image":"event-banner-1""#),
                    schemaSays: "'data' is a required property", modelSays: "found null value instead"),
                Wrong(
                    version: 1, name: "badge-in-version-1.json",
                    bytes: edited(v1, #""title":"Pop""#, #""title":"Pop","badge":"New""#),
                    schemaSays: "Additional properties are not allowed ('badge' was unexpected)",
                    modelSays: "unknown key \"badge\" in the props of component \"explore-tile\""),
            ]
        case "component-spec":
            return [
                Wrong(
                    version: 1, name: "rich-text-card-in-version-1.json",
                    bytes: edited(v1, #""type":"TextCard""#, #""type":"RichTextCard""#),
                    schemaSays: "'RichTextCard' is not one of",
                    modelSays: "unknown component type \"RichTextCard\" (contract 1)"),
                Wrong(
                    version: 2, name: "id-on-a-node.json",
                    bytes: edited(v2, #""type":"Banner""#, #""type":"Banner","id":"b""#),
                    schemaSays: "('id' was unexpected)", modelSays: "unknown key \"id\" in component \"Banner\""),
            ]
        case "composition":
            return [
                Wrong(
                    version: 2, name: "missing-discriminator.json",
                    bytes: edited(v2, #"{"type":"text","value":"This week"}"#, #"{"value":"This week"}"#),
                    schemaSays: "'type' is a required property", modelSays: "No value associated with key"),
                Wrong(
                    version: 1, name: "link-not-wrapped.json",
                    bytes: edited(
                        v1, #"{"type":"link","value":{"path":"https://www.example.com/sale","type":"url"}}"#,
                        #""https://www.example.com/sale""#),
                    schemaSays: "is not of type 'object'", modelSays: "Expected to decode Dictionary"),
                Wrong(
                    version: 1, name: "link-of-another-type.json",
                    bytes: edited(v1, #""type":"url""#, #""type":"uri""#),
                    schemaSays: "'url' was expected", modelSays: #""type" is "uri", not "url""#),
            ]
        case "layouts":
            return [
                Wrong(
                    version: 1, name: "version-2-layouts.json", bytes: v2,
                    // Version 1's stacks have no spacing either; the validator names that first.
                    schemaSays: "('spacing' was unexpected) (at layouts/1/screen)",
                    modelSays: "unknown component type \"navigationContainer\" (contract 1)"),
                Wrong(
                    version: 2, name: "unknown-entry-key.json",
                    bytes: edited(v2, #""key":"ipad""#, #""key":"ipad","title":"iPad""#),
                    schemaSays: "'title' was unexpected", modelSays: "unknown key \"title\" in a device layout"),
            ]
        case "route":
            return [
                Wrong(
                    version: 1, name: "no-matched-route.json",
                    bytes: edited(v1, #""matchedRoute":"/v1/home","#, ""),
                    schemaSays: "'matchedRoute' is a required property", modelSays: "No value associated with key"),
                Wrong(
                    version: 2, name: "another-response-type.json",
                    bytes: edited(v2, #"{"type":"composition","#, #"{"type":"redirect","#),
                    schemaSays: "'composition' was expected", modelSays: "redirect"),
            ]
        default:
            return []
        }
    }

    // MARK: Goldens

    @Test(arguments: ProfileExample.all)
    func schemasAndModelsMatchTheirGoldens(_ example: ProfileExample) {
        let versions = example.history.versions.count
        #expect(versions >= 1)
        for version in 1...versions {
            Golden.expect(
                Self.schema(example, version), matches: "profiles/\(example.name)/clients/schema-\(version).json")
            Golden.expect(
                Array(Self.model(example, version).utf8),
                matches: "profiles/\(example.name)/clients/ScreenModel-\(version).swift")
            #expect(Self.model(example, version) == Self.model(example, version))
        }
        let full = Self.schemas(example).full ?? []
        Golden.expect(full, matches: "profiles/\(example.name)/clients/schema-full.json")
        // They describe the profile, not the flat format.
        #expect(
            Self.schema(example, 1) != EnvelopeSchema.variant(Self.contracts(example)[0], version: 1, profile: .flat))
    }

    // MARK: JSON Schema, with a real validator

    @Test(.integration("Python's jsonschema"), arguments: ProfileExample.all)
    func everyVariantIsValidAgainstItsVersionsSchemaAndEveryFullEnvelopeAgainstTheFullSchema(
        _ example: ProfileExample
    ) throws {
        let compiled = example.compile()
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        for version in 1...example.history.versions.count {
            let payloads = Self.variants(example, version)
            #expect(payloads.count == compiled.screens.filter { $0.minContract <= version }.count)
            #expect(!payloads.isEmpty)
            let (status, output) = try ClientArtifacts.validate(Self.schema(example, version), payloads)
            #expect(status == 0, "\(example.name)@\(version): \(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == payloads.count)
        }
        let fulls = compiled.screens.map { ("\($0.id).json", $0.full) }
        let full = try #require(Self.schemas(example).full)
        let (status, output) = try ClientArtifacts.validate(full, fulls)
        #expect(status == 0, "\(example.name) full: \(output)")
    }

    @Test(.integration("Python's jsonschema"), arguments: ProfileExample.all)
    func theSchemaRefusesTheWrongShapes(_ example: ProfileExample) throws {
        let wrong = try Self.wrongShapes(example)
        #expect(!wrong.isEmpty)
        for payload in wrong {
            let (status, output) = try ClientArtifacts.validate(
                Self.schema(example, payload.version), [(payload.name, payload.bytes)])
            #expect(status == 1, "\(example.name) \(payload.name): \(output)")
            #expect(output.hasPrefix("invalid "), "\(example.name) \(payload.name): \(output)")
            #expect(output.contains(payload.schemaSays), "\(example.name) \(payload.name): \(output)")
        }
    }

    // MARK: The Swift client model, compiled and run

    @Test(.integration("compiles the generated Swift models"), arguments: ProfileExample.all)
    func eachVersionsModelCompilesWithoutWarningsDecodesEveryVariantAndRefusesTheWrongShapes(
        _ example: ProfileExample
    ) throws {
        let folder = try ClientArtifacts.folder("profile-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        let wrong = try Self.wrongShapes(example)
        for version in 1...example.history.versions.count {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let decoder = try ClientArtifacts.compiledDecoder(Self.model(example, version), in: build)
            let files = try ClientArtifacts.write(Self.variants(example, version), into: build)
            let (status, output) = ClientArtifacts.run(decoder, files)
            #expect(status == 0, "\(example.name)@\(version): \(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("decoded ") }.count == files.count, "\(output)")
            for payload in wrong where payload.version == version {
                let file = try ClientArtifacts.write([(payload.name, payload.bytes)], into: build)
                let (refused, message) = ClientArtifacts.run(decoder, file)
                #expect(refused == 1, "\(example.name) \(payload.name): \(message)")
                #expect(message.contains(payload.modelSays), "\(example.name) \(payload.name): \(message)")
            }
        }
    }

    @Test(arguments: ProfileExample.all)
    func generatedModelsAreSwiftFormatClean(_ example: ProfileExample) throws {
        let swift = try #require(TestPython.which("swift"), "swift is not on PATH")
        let folder = try ClientArtifacts.folder("profile-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ExampleApp.root.appendingPathComponent(".swift-format").path
        for version in 1...example.history.versions.count {
            let file = folder.appendingPathComponent("ScreenModel-\(version).swift")
            try Data(Self.model(example, version).utf8).write(to: file)
            let (status, output) = TestPython.run(
                swift, ["format", "lint", "--configuration", configuration, file.path])
            #expect(status == 0 && output.isEmpty, "\(example.name)@\(version): \(output)")
        }
    }

    // MARK: Each version in its own profile

    /// Widgets with a history whose version 1 froze the flat format and whose version 2 froze the
    /// widgets profile, `profileSince` 2: version 1's artifacts describe the flat bytes.
    @Test(.integration("Python's jsonschema")) func aVersionBeforeProfileSinceIsDescribedInTheProfileItFroze() throws {
        var catalog = WidgetsApp.catalog
        catalog.profileSince = 2
        var contracts = ProfileExample.widgets.history.versions.map(\.contract)
        contracts[0].profile = .flat
        let live = Contract.live(catalog).0
        let schemas = ClientSchemas(history: contracts, live: live, profileSince: 2)
        #expect(schemas.versions[0] == EnvelopeSchema.variant(contracts[0], version: 1, profile: .flat))
        #expect(schemas.versions[1] == EnvelopeSchema.variant(contracts[1], version: 2, profile: WidgetsApp.profile))
        let compiled = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        let home = try #require(compiled.screens.first)
        let v1 = try #require(home.variant(for: 1)).envelope
        let v2 = try #require(home.variant(for: 2)).envelope
        #expect(String(decoding: v1, as: UTF8.self).hasPrefix(#"{"format":1"#))
        let (valid, output) = try ClientArtifacts.validate(schemas.versions[0], [("home@1.json", v1)])
        #expect(valid == 0, "\(output)")
        let (validTwo, outputTwo) = try ClientArtifacts.validate(schemas.versions[1], [("home@2.json", v2)])
        #expect(validTwo == 0, "\(outputTwo)")
        // Each in the other's schema: refused.
        let (crossed, crossedOutput) = try ClientArtifacts.validate(schemas.versions[1], [("home@1.json", v1)])
        #expect(crossed == 1, "\(crossedOutput)")
    }

    /// The widgets app in a shape with envelope members (a constant, a per-screen value), the flat
    /// fields under their keys and the root node itself at a nested path: both artifacts require
    /// the members, the constant's value and every field.
    @Test(.integration("Python's jsonschema")) func envelopeMembersAndFieldsAreDescribedAndRequired() throws {
        var profile = WidgetsApp.profile
        profile.name = "widgets, in a page"
        profile.envelope.members = [.constant("kind", "widgets"), .screenValue("matchedRoute", from: "route")]
        profile.envelope.format = "format"
        profile.envelope.screenID = "screen"
        profile.envelope.contract = "version"
        profile.envelope.minContract = "minVersion"
        profile.envelope.initialState = "state"
        profile.envelope.rootPath = ["page", "body"]
        profile.envelope.rootChildrenOnly = false
        var catalog = WidgetsApp.catalog
        catalog.profile = profile
        catalog.screens = catalog.screens.map { $0.envelopeValue("route", "/\($0.id)") }
        let contracts = ProfileExample.widgets.history.versions.map { frozen in
            var contract = frozen.contract
            contract.profile = profile
            return contract
        }
        let compiled = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        let schemas = ClientSchemas(history: contracts, live: Contract.live(catalog).0)
        let folder = try ClientArtifacts.folder("profile-members")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...contracts.count {
            let variant = try #require(compiled.screens.first?.variant(for: version)).envelope
            let text = String(decoding: variant, as: UTF8.self)
            #expect(text.hasPrefix(#"{"kind":"widgets","matchedRoute":"/home","format":1,"screen":"home""#), "\(text)")
            #expect(text.contains(#""page":{"body":{"type":"widgetScreen""#), "\(text)")
            let wrong = [
                ("variant.json", variant, "", ""),
                (
                    "other-kind.json", Self.edited(variant, #""kind":"widgets""#, #""kind":"other""#),
                    "'widgets' was expected",
                    #""kind" is "other", not "widgets""#
                ),
                (
                    "no-route.json", Self.edited(variant, #""matchedRoute":"/home","#, ""),
                    "'matchedRoute' is a required property", "No value associated with key"
                ),
                (
                    "no-page.json", Self.edited(variant, #""page":{"body":"#, #""body":{"page":"#),
                    "'page' is a required property", "unknown key \"body\" in the envelope"
                ),
            ]
            let (status, output) = try ClientArtifacts.validate(
                schemas.versions[version - 1], wrong.map { ($0.0, $0.1) })
            #expect(status == 1, "\(output)")
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let decoder = try ClientArtifacts.compiledDecoder(
                SwiftClientModel.source(contracts[version - 1], version: version, sha256: "-", profile: profile),
                in: build)
            let (decoded, message) = ClientArtifacts.run(
                decoder, try ClientArtifacts.write(wrong.map { ($0.0, $0.1) }, into: build))
            #expect(decoded == 1, "\(message)")
            let schemaLines = output.split(separator: "\n").map(String.init)
            let modelLines = message.split(separator: "\n").map(String.init)
            for (name, _, schemaSays, modelSays) in wrong {
                let schemaLine = schemaLines.first { $0.contains("/\(name)") } ?? ""
                let modelLine = modelLines.first { $0.contains("/\(name)") } ?? ""
                if schemaSays.isEmpty {
                    #expect(schemaLine.hasPrefix("valid "), "\(output)")
                    #expect(modelLine.hasPrefix("decoded "), "\(message)")
                } else {
                    #expect(schemaLine.hasPrefix("invalid ") && schemaLine.contains(schemaSays), "\(output)")
                    #expect(modelLine.hasPrefix("failed ") && modelLine.contains(modelSays), "\(message)")
                }
            }
        }
    }

    /// The composition app with its named slots tagged (and node IDs), as members of the node, or
    /// under a key: both artifacts follow, and refuse a slot list where the other placement puts it.
    @Test(
        .integration("Python's jsonschema"),
        arguments: [
            WireProfile.SlotPlacement.tagged("slot"), .members, .under("slots"),
        ])
    func namedSlotsAreDescribedWhereTheProfilePutsThem(_ slots: WireProfile.SlotPlacement) throws {
        var profile = CompositionApp.profile
        profile.nodes.slots = slots
        if case .tagged = slots { profile.nodes.idKey = "id" }
        var catalog = CompositionApp.catalog
        catalog.profile = profile
        let contracts = ProfileExample.composition.history.versions.map { frozen in
            var contract = frozen.contract
            contract.profile = profile
            return contract
        }
        let compiled = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        let schemas = ClientSchemas(history: contracts, live: Contract.live(catalog).0)
        let folder = try ClientArtifacts.folder("profile-slots")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...contracts.count {
            let variant = try #require(compiled.screens.first?.variant(for: version)).envelope
            let text = String(decoding: variant, as: UTF8.self)
            let items = #""items":[{"type":"testimonial""#
            let expected =
                switch slots {
                case .tagged: #""slot":"items""#
                case .members: #""title":{"type":"text","value":"Why shop with us"}},"# + items
                case .under: #""slots":{"# + items
                }
            #expect(text.contains(expected), "\(text)")
            // The composition profile's own variant (slots under "slots") where the slots go
            // elsewhere, or this variant's slots dropped.
            let other: [UInt8]
            if case .under = slots {
                other = Self.edited(variant, #""slots":{"items":"#, #""slots":{"cells":"#)
            } else {
                other = try #require(ProfileExample.composition.compile().screens.first?.variant(for: version)).envelope
            }
            let payloads = [("slots.json", variant), ("other.json", other)]
            let (status, output) = try ClientArtifacts.validate(schemas.versions[version - 1], payloads)
            #expect(status == 1, "\(output)")
            #expect(output.split(separator: "\n").map { $0.prefix(6) } == ["valid ", "invali"], "\(output)")
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let decoder = try ClientArtifacts.compiledDecoder(
                SwiftClientModel.source(contracts[version - 1], version: version, sha256: "-", profile: profile),
                in: build)
            let (decoded, message) = ClientArtifacts.run(decoder, try ClientArtifacts.write(payloads, into: build))
            #expect(decoded == 1, "\(message)")
            #expect(
                message.split(separator: "\n").map { $0.prefix(7) } == ["decoded", "failed ", "render_"], "\(message)")
        }
    }

    /// In a profile that lists device layouts, each layout holds the root node, or with
    /// `rootChildrenOnly` its children's list: both artifacts say which.
    @Test(.integration("Python's jsonschema"), arguments: [false, true])
    func eachLayoutHoldsTheRootOrItsChildren(_ childrenOnly: Bool) throws {
        var profile = LayoutsApp.profile
        profile.envelope.rootChildrenOnly = childrenOnly
        var catalog = LayoutsApp.catalog
        catalog.profile = profile
        let contracts = ProfileExample.layouts.history.versions.map { frozen in
            var contract = frozen.contract
            contract.profile = profile
            return contract
        }
        let compiled = Compiler(catalog: catalog).compile(CompileOptions(history: contracts))
        #expect(!compiled.hasErrors, "\(compiled.diagnostics)")
        let schemas = ClientSchemas(history: contracts, live: Contract.live(catalog).0)
        let folder = try ClientArtifacts.folder("profile-layouts")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...contracts.count {
            let payloads = compiled.screens.compactMap { screen in
                screen.variant(for: version).map { ("\(screen.id)@\(version).json", $0.envelope) }
            }
            #expect(payloads.map(\.0) == ["home@\(version).json"])
            let home = String(decoding: payloads[0].1, as: UTF8.self)
            #expect(
                home.contains(childrenOnly ? #""screen":[{"type":"widget""# : #""screen":{"type":"vStack""#), "\(home)")
            // A layout entry with a key it does not have; with `rootChildrenOnly`, the layouts
            // profile's own variant, whose layouts hold a node, not a list.
            let wrong = Self.edited(payloads[0].1, #""key":"iphone""#, #""key":"iphone","extra":1"#)
            var all = payloads + [("wrong.json", wrong)]
            if childrenOnly {
                let node = try #require(ProfileExample.layouts.compile().screens.first?.variant(for: version)).envelope
                all.append(("node-not-list.json", node))
            }
            let (status, output) = try ClientArtifacts.validate(schemas.versions[version - 1], all)
            #expect(status == 1, "\(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == 1, "\(output)")
            #expect(
                output.split(separator: "\n").filter { $0.hasPrefix("invalid ") }.count == all.count - 1, "\(output)")
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let decoder = try ClientArtifacts.compiledDecoder(
                SwiftClientModel.source(contracts[version - 1], version: version, sha256: "-", profile: profile),
                in: build)
            let (decoded, message) = ClientArtifacts.run(decoder, try ClientArtifacts.write(all, into: build))
            #expect(decoded == 1, "\(message)")
            #expect(message.split(separator: "\n").filter { $0.hasPrefix("decoded ") }.count == 1, "\(message)")
            #expect(
                message.split(separator: "\n").filter { $0.hasPrefix("failed ") }.count == all.count - 1, "\(message)")
            #expect(message.contains(#"unknown key "extra" in a device layout"#), "\(message)")
        }
    }

    // MARK: The commands

    @Test(arguments: ProfileExample.all)
    func buildWritesEachVersionsSchemaForAProfileAppAndTheCommandsPrintTheProfilesArtifacts(
        _ example: ProfileExample
    ) async throws {
        let folder = try ClientArtifacts.folder("profile-cli")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contract = folder.appendingPathComponent("Screens/Contract")
        try FileManager.default.createDirectory(
            at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: example.historyFolder.deletingLastPathComponent(), to: contract)
        func run(_ arguments: [String]) async -> (ExitCode, String, String) {
            let terminal = Terminal.capturing()
            let code = await CLI.run(
                arguments, catalog: example.catalog, terminal: terminal, workingDirectory: folder.path)
            return (code, terminal.standardOutput, terminal.standardError)
        }
        let (code, _, error) = await run(["build"])
        #expect(code == .success, "\(error)")
        let dist = folder.appendingPathComponent("dist")
        let versions = example.history.versions.count
        for version in 1...versions {
            let written = try Data(contentsOf: dist.appendingPathComponent("contracts/\(version)/schema.json"))
            #expect([UInt8](written) == Self.schema(example, version))
        }
        let full = try Data(contentsOf: dist.appendingPathComponent("contracts/full/schema.json"))
        #expect([UInt8](full) == Self.schemas(example).full)
        let pointer = try #require(
            Pointer.decode([UInt8](try Data(contentsOf: dist.appendingPathComponent("pointer.json")))))
        let manifest = try Manifest.decode(
            [UInt8](try Data(contentsOf: dist.appendingPathComponent(BucketLayout.manifest(pointer.manifest)))))
        #expect(manifest.schemas.map(\.contract) == Array(1...versions))
        #expect(manifest.fullSchema != nil)

        let (schema, schemaOut, _) = await run(["contract", "schema", "--version", "1"])
        #expect(schema == .success)
        #expect(schemaOut == String(decoding: Self.schema(example, 1), as: UTF8.self))
        let (model, modelOut, _) = await run(["contract", "codegen", "swift", "--version", "1"])
        #expect(model == .success)
        #expect(modelOut == Self.model(example, 1))
        let (fullCode, fullOut, _) = await run(["contract", "schema", "--full"])
        #expect(fullCode == .success)
        #expect(fullOut == String(decoding: Self.schemas(example).full ?? [], as: UTF8.self))
    }
}

/// What the client-artifact tests share: temporary folders, the schema validator, the decoder
/// driver compiled with a model.
enum ClientArtifacts {
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

    /// Validates `payloads` against `schema` with `Tests/Support/validate_schema.py`.
    static func validate(_ schema: [UInt8], _ payloads: [(String, [UInt8])]) throws -> (Int32, String) {
        let python = try TestPython.interpreter.get()
        let folder = try folder("profile-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let schemaFile = try write([("schema.json", schema)], into: folder)[0]
        let files = try write(payloads, into: folder)
        let script = TestPython.supportFolder.appendingPathComponent("validate_schema.py").path
        let result = TestPython.run(python, [script, schemaFile] + files)
        return (result.status, result.output)
    }

    /// Runs `executable` with `arguments`; its status and output.
    static func run(_ executable: String, _ arguments: [String]) -> (Int32, String) {
        let result = TestPython.run(executable, arguments)
        return (result.status, result.output)
    }

    /// Decodes each file named on the command line as a `ScreenModel.Envelope`; a file it refuses
    /// is also reported as the app would report it, the `render_failed` event of the model's
    /// `RenderFailure(screen:decoding:)` (screen `home`).
    static let driver = """
        import Foundation

        var failed = 0
        for path in CommandLine.arguments.dropFirst() {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                _ = try JSONDecoder().decode(ScreenModel.Envelope.self, from: data)
                print("decoded \\(path)")
            } catch {
                failed += 1
                if case DecodingError.dataCorrupted(let context) = error {
                    print("failed \\(path): \\(context.debugDescription)")
                } else {
                    print("failed \\(path): \\(error)")
                }
                let failure = ScreenModel.RenderFailure(screen: "home", decoding: error, release: "5bc6286b66a6")
                print("render_failed " + String(decoding: failure.eventJSON, as: UTF8.self))
            }
        }
        exit(failed == 0 ? 0 : 1)

        """

    /// Compiles `model` with the driver (Swift 6, warnings as errors); the executable's path.
    static func compiledDecoder(_ model: String, in folder: URL) throws -> String {
        let swiftc = try #require(TestPython.which("swiftc"), "swiftc is not on PATH")
        let source = folder.appendingPathComponent("ScreenModel.swift")
        let main = folder.appendingPathComponent("main.swift")
        try Data(model.utf8).write(to: source)
        try Data(driver.utf8).write(to: main)
        let executable = folder.appendingPathComponent("decode").path
        let (status, output) = TestPython.run(
            swiftc, ["-swift-version", "6", "-warnings-as-errors", source.path, main.path, "-o", executable])
        #expect(status == 0, "swiftc: \(output)")
        return executable
    }
}

/// The Swift renderer interface in every wire profile: a text renderer of every requirement,
/// written from the interface, renders every variant of every profile example, and each component
/// an envelope holds is drawn by its own requirement (slots, layouts and root lists included).
@Suite(.serialized) struct ProfileRendererInterfaceTests {
    /// The driver for `model`'s envelope: the envelope rendered whole, or each device's layout.
    static func main(for model: String) -> String {
        let body: String
        if model.contains("public func render(_ envelope: ScreenModel.Envelope)") {
            body = "print(TextRenderer().render(envelope))"
        } else if model.contains("public let root: [Node]") {
            body =
                "for layout in envelope.layouts { print(layout.device, layout.root.map { TextRenderer().render($0) }) }"
        } else {
            body = "for layout in envelope.layouts { print(layout.device, TextRenderer().render(layout.root)) }"
        }
        return """
            import Foundation

            for path in CommandLine.arguments.dropFirst() {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let envelope = try JSONDecoder().decode(ScreenModel.Envelope.self, from: data)
                \(body)
                print("---")
            }

            """
    }

    @Test(.integration("compiles a renderer"), arguments: ProfileExample.all) func aTextRendererRendersEveryVariant(
        _ example: ProfileExample
    ) throws {
        let folder = try ClientArtifacts.folder("profile-renderer-\(example.name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for version in 1...example.history.versions.count {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let model = ProfileClientArtifactTests.model(example, version)
            let renderer = try SwiftRendererCheck.textRenderer(
                for: model, ids: model.contains("/// The node's stable ID."))
            let (status, output, executable) = try SwiftRendererCheck.compile(
                model: model, renderer: renderer, main: Self.main(for: model), in: build)
            try #require(status == 0, "swiftc: \(output)")
            let variants = ProfileClientArtifactTests.variants(example, version)
            let payloads = try ClientArtifacts.write(variants, into: build)
            let (ran, rendered) = TestPython.run(executable, payloads)
            #expect(ran == 0, "\(rendered)")
            let drawings = rendered.components(separatedBy: "---\n").dropLast()
            try #require(drawings.count == variants.count, "\(rendered)")
            let contract = example.history.versions[version - 1].contract
            var checked = 0
            for ((name, bytes), drawn) in zip(variants, drawings) {
                let text = String(decoding: bytes, as: UTF8.self)
                for component in contract.components where text.contains("\"\(component.type)\"") {
                    checked += 1
                    #expect(
                        drawn.contains(":\(SwiftClientModel.caseName(component.type))"),
                        "\(example.name) \(name): \(component.type) not drawn in \(drawn)")
                }
            }
            #expect(checked >= variants.count, "\(example.name) \(version): the components were found in the envelopes")
        }
    }
}
