import ExampleProfiles
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// The client artifacts of versions that declare analytics events: the JSON Schema, and the Swift,
/// TypeScript and Kotlin models, decode every variant with its events and served arms — for the
/// events fixture's three versions (none, then events, then a new param, trigger and event) in
/// the flat format and each example profile app's version with events — and refuse what the
/// version does not know: an unknown event, param or trigger, a param of the wrong type, a missing
/// required one, events for a version that declares none.
@Suite(.serialized) struct EventClientArtifactTests {
    /// One app, version: its contract, the profile its clients decode, and every payload they receive.
    struct Run: Sendable, CustomTestStringConvertible {
        let name: String
        let version: Int
        let contract: Contract
        let sha256: String
        let profile: WireProfile
        let payloads: [(String, [UInt8])]
        var testDescription: String { "\(name)@\(version)" }
        /// A file name and package part for this run.
        var label: String { "\(name.replacingOccurrences(of: "-", with: "_"))_v\(version)" }
    }

    /// Every variant for `version` of `result`'s screens and their arm combinations.
    static func payloads(_ result: CompileResult, version: Int) -> [(String, [UInt8])] {
        EnvelopeGoldens.files(of: result).filter { $0.name.hasSuffix("@\(version).json") }.map { ($0.name, $0.bytes) }
    }

    /// The SHA-256 of each version's frozen file, chained as `contract freeze` writes them.
    static func hashes(_ history: [Contract]) -> [String] {
        var hashes: [String] = []
        for (index, contract) in history.enumerated() {
            hashes.append(
                SHA256.hexDigest(ContractFile.encode(contract, version: index + 1, previous: hashes.last)))
        }
        return hashes
    }

    /// The fixture's three versions in the flat format, and the version with events of each example profile app.
    static let runs: [Run] = {
        let flat = EventsFixture.compile()
        let history = EventsFixture.history
        let hashes = Self.hashes(history)
        var runs = (1...3).map { version in
            Run(
                name: "flat", version: version, contract: history[version - 1], sha256: hashes[version - 1],
                profile: .flat, payloads: payloads(flat, version: version))
        }
        for example in ProfileExample.all {
            let result = EventProfileTests.compile(example)
            let history = example.history.versions.map(\.contract) + [EventProfileTests.liveContract(example)]
            let version = history.count
            runs.append(
                Run(
                    name: example.name, version: version, contract: history[version - 1],
                    sha256: Self.hashes(history)[version - 1],
                    profile: ClientSchemas.profile(
                        ofVersion: version, history: history, current: example.catalog.profile,
                        profileSince: example.catalog.profileSince),
                    payloads: payloads(result, version: version)))
        }
        return runs
    }()

    /// A payload the version's artifacts must refuse, with what the model's message contains.
    struct Wrong {
        let version: Int
        let name: String
        let bytes: [UInt8]
        let modelSays: String
    }

    /// `payload` with `replace` replaced by `with` (which must occur).
    static func edited(_ payload: [UInt8], _ replace: String, _ with: String) -> [UInt8] {
        let text = String(decoding: payload, as: UTF8.self)
        #expect(text.contains(replace), "\(replace) is not in \(text)")
        return Array(text.replacingOccurrences(of: replace, with: with).utf8)
    }

    /// The flat fixture's payloads of the wrong shape.
    static var wrong: [Wrong] {
        let flat = EventsFixture.compile()
        let promo = flat.screens.first { $0.id == "promo" }!
        let v3 = promo.variant(for: 3)!.envelope
        let v2 = promo.variant(for: 2)!.envelope
        let v1 = promo.variant(for: 1)!.envelope
        let tapped = #""name":"promo_tapped","params":{"promo":"cold-brew","#
        return [
            Wrong(
                version: 3, name: "unknown-event.json",
                bytes: edited(v3, #""name":"screen_viewed""#, #""name":"screen_shown""#),
                modelSays: "unknown event"),
            Wrong(
                version: 3, name: "unknown-param.json",
                bytes: edited(v3, tapped, tapped + #""coupon":"x","#), modelSays: "coupon"),
            Wrong(
                version: 3, name: "unknown-trigger.json",
                bytes: edited(v3, #""trigger":"appear""#, #""trigger":"swipe""#), modelSays: "swipe"),
            Wrong(
                version: 3, name: "mistyped-param.json",
                bytes: edited(v3, #""position":1"#, #""position":"first""#), modelSays: "position"),
            Wrong(
                version: 3, name: "missing-param.json",
                bytes: edited(v3, #""params":{"promo":"plain"}"#, #""params":{}"#), modelSays: "promo"),
            Wrong(
                version: 3, name: "unknown-surface.json",
                bytes: edited(v3, #""surface":"search""#, #""surface":"inbox""#), modelSays: "inbox"),
            Wrong(
                version: 2, name: "param-of-a-later-version.json",
                bytes: edited(v2, tapped, tapped + #""surface":"home","#), modelSays: "surface"),
            Wrong(
                version: 1, name: "events-in-a-version-without.json",
                bytes: edited(v1, #""style":"body"}"#, #""style":"body","events":[]}"#), modelSays: "events"),
        ]
    }

    // MARK: Goldens

    @Test func theFlatFixturesArtifactsMatchTheirGoldens() {
        for run in Self.runs where run.name == "flat" {
            let folder = "clients/events/"
            Golden.expect(
                Array(SwiftClientModel.source(run.contract, version: run.version, sha256: run.sha256).utf8),
                matches: folder + "ScreenModel-\(run.version).swift")
            Golden.expect(
                Array(TypeScriptClientModel.source(run.contract, version: run.version, sha256: run.sha256).utf8),
                matches: folder + "ScreenModel-\(run.version).ts")
            Golden.expect(
                Array(
                    KotlinClientModel.source(
                        run.contract, version: run.version, sha256: run.sha256, package: "com.example.events"
                    ).utf8), matches: folder + "ScreenModel-\(run.version).kt")
            Golden.expect(
                EnvelopeSchema.variant(run.contract, version: run.version),
                matches: folder + "schema-\(run.version).json")
        }
    }

    // MARK: JSON Schema

    @Test(.integration("Python's jsonschema")) func everyVariantIsValidAgainstItsVersionsSchemaAndTheWrongShapesAreNot()
        throws
    {
        for run in Self.runs {
            let schema = EnvelopeSchema.variant(run.contract, version: run.version, profile: run.profile)
            let (status, output) = try ClientArtifacts.validate(schema, run.payloads)
            #expect(status == 0, "\(run.testDescription): \(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("valid ") }.count == run.payloads.count)
        }
        for wrong in Self.wrong {
            let run = try #require(Self.runs.first { $0.name == "flat" && $0.version == wrong.version })
            let (status, output) = try ClientArtifacts.validate(
                EnvelopeSchema.variant(run.contract, version: run.version), [(wrong.name, wrong.bytes)])
            #expect(status == 1 && output.hasPrefix("invalid "), "\(wrong.name): \(output)")
        }
        let live = EventsFixture.history[2]
        let fulls = EventsFixture.compile().screens.flatMap { screen in
            [(screen.id + ".json", screen.full)]
                + screen.combinations.map { ("\(screen.id)-\($0.arms.values.sorted()).json", $0.full) }
        }
        let (status, output) = try ClientArtifacts.validate(EnvelopeSchema.full(live, version: 3), fulls)
        #expect(status == 0, "full: \(output)")
    }

    // MARK: Swift

    @Test(.integration("compiles the generated Swift models"))
    func eachSwiftModelDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("event-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        for run in Self.runs {
            let build = folder.appendingPathComponent(run.label)
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let model = SwiftClientModel.source(
                run.contract, version: run.version, sha256: run.sha256, profile: run.profile)
            let decoder = try ClientArtifacts.compiledDecoder(model, in: build)
            let files = try ClientArtifacts.write(run.payloads, into: build)
            let (status, output) = ClientArtifacts.run(decoder, files)
            #expect(status == 0, "\(run.testDescription): \(output)")
            #expect(output.split(separator: "\n").filter { $0.hasPrefix("decoded ") }.count == files.count, "\(output)")
            for wrong in Self.wrong where run.name == "flat" && wrong.version == run.version {
                let file = try ClientArtifacts.write([(wrong.name, wrong.bytes)], into: build)
                let (refused, message) = ClientArtifacts.run(decoder, file)
                #expect(refused == 1 && message.contains(wrong.modelSays), "\(wrong.name): \(message)")
                // The app reports it as the built-in render_failed event, which a server accepts.
                let event = try #require(
                    message.split(separator: "\n").first { $0.hasPrefix("render_failed ") }?.dropFirst(14),
                    "\(message)")
                let batch = try EventBatchReader(history: [run.contract]).read(
                    Array(#"{"format":1,"contract":\#(run.version),"events":[\#(event)]}"#.utf8))
                #expect(batch.accepted.map(\.name) == ["render_failed"] && batch.rejected.isEmpty, "\(event)")
            }
        }
    }

    @Test func theSwiftModelsAreSwiftFormatClean() throws {
        let swift = try #require(TestPython.which("swift"), "swift is not on PATH")
        let folder = try ClientArtifacts.folder("event-format")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = ExampleApp.root.appendingPathComponent(".swift-format").path
        for run in Self.runs {
            let file = folder.appendingPathComponent("ScreenModel-\(run.label).swift")
            try Data(
                SwiftClientModel.source(run.contract, version: run.version, sha256: run.sha256, profile: run.profile)
                    .utf8
            ).write(to: file)
            let (status, output) = TestPython.run(
                swift, ["format", "lint", "--configuration", configuration, file.path])
            #expect(status == 0 && output.isEmpty, "\(run.testDescription): \(output)")
        }
    }

    // MARK: TypeScript

    @Test(.needs(.typeScript))
    func eachTypeScriptModelDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("event-typescript")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (scripts, status, diagnostics) = try TypeScriptCheck.compile(
            Self.runs.map { run in
                (
                    run.label,
                    TypeScriptClientModel.source(
                        run.contract, version: run.version, sha256: run.sha256, profile: run.profile)
                )
            }, label: "event models", in: folder)
        #expect(status == 0 && diagnostics.isEmpty, "tsc: \(diagnostics)")
        for (run, script) in zip(Self.runs, scripts) {
            let build = folder.appendingPathComponent("payloads/\(run.label)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let refused = Self.wrong.filter { run.name == "flat" && $0.version == run.version }
            let (decoded, output) = try TypeScriptCheck.decode(
                script, run.payloads + refused.map { ($0.name, $0.bytes) }, in: build)
            #expect(decoded == (refused.isEmpty ? 0 : 1), "\(run.testDescription): \(output)")
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("decoded ") }.count == run.payloads.count, "\(output)")
            for wrong in refused {
                let line = lines.first { $0.hasPrefix("failed ") && $0.contains("/\(wrong.name): $") } ?? ""
                #expect(line.contains(wrong.modelSays), "\(wrong.name): \(output)")
            }
            // Each refusal reported as the built-in render_failed event, which a server accepts.
            for event in lines.filter({ $0.hasPrefix("render_failed ") }).map({ $0.dropFirst(14) }) {
                let batch = try EventBatchReader(history: [run.contract]).read(
                    Array(#"{"format":1,"contract":\#(run.version),"events":[\#(event)]}"#.utf8))
                #expect(batch.accepted.map(\.name) == ["render_failed"] && batch.rejected.isEmpty, "\(event)")
                #expect(event.contains(#""reason":"decode","path":"$"#), "\(event)")
            }
        }
    }

    // MARK: Kotlin

    @Test(.needs(.kotlin)) func eachKotlinModelDecodesEveryVariantAndRefusesTheWrongShapes() throws {
        let folder = try ClientArtifacts.folder("event-kotlin")
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = "com.example.events"
        let sources = Self.runs.flatMap { run in
            [
                KotlinClientModel.source(
                    run.contract, version: run.version, sha256: run.sha256, package: "\(package).\(run.label)",
                    profile: run.profile),
                KotlinToolchain.driver("drivers.\(run.label)", package: "\(package).\(run.label)", id: "\"ok\""),
            ]
        }
        let compiled = try KotlinToolchain.compile(sources, in: folder)
        #expect(compiled.status == 0 && compiled.diagnostics.isEmpty, "\(compiled.diagnostics)")
        for run in Self.runs {
            let build = folder.appendingPathComponent(run.label)
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let refusals = Self.wrong.filter { run.name == "flat" && $0.version == run.version }
            let files = try ClientArtifacts.write(run.payloads + refusals.map { ($0.name, $0.bytes) }, into: build)
            let (status, lines, _) = try KotlinToolchain.decode(compiled.jar, driver: "drivers.\(run.label)", files)
            #expect(status == (refusals.isEmpty ? 0 : 1), "\(run.testDescription): \(lines)")
            for (file, _) in run.payloads {
                #expect(lines.contains("decoded \(file): ok"), "\(run.testDescription) \(file): \(lines)")
            }
            for refusal in refusals {
                let line = lines.first { $0.hasPrefix("failed \(refusal.name): $") } ?? ""
                #expect(line.contains(refusal.modelSays), "\(refusal.name): \(lines)")
            }
        }
    }
}
