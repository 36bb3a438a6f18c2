import ExampleScreens
import Foundation
import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The Kotlin client model per frozen version: golden-tested, compiled with a real `kotlinc`
/// (Debian's 1.3.31, the oldest Kotlin the file promises) against Android's `org.json` and run on
/// the JVM over every variant of its version, and over payloads it must refuse.
@Suite(.serialized) struct KotlinClientModelTests {
    static let package = "com.example.screens"

    static func model(_ version: Int, package: String = package) -> String {
        let frozen = ClientArtifactTests.versions[version - 1]
        return KotlinClientModel.source(frozen.contract, version: version, sha256: frozen.sha256, package: package)
    }

    /// The driver of the model in `package`, in package `driver`.
    static func driver(_ driver: String, package: String) -> String {
        KotlinToolchain.driver(
            driver, package: package,
            id: #"envelope.id + " contract " + envelope.contract + " root " + envelope.root.component"#)
    }

    @Test func modelsMatchTheirGoldensAndRegenerateIdentically() {
        for version in 1...ClientArtifactTests.versions.count {
            Golden.expect(Array(Self.model(version).utf8), matches: "clients/ScreenModel-\(version).kt")
            #expect(Self.model(version) == Self.model(version))
        }
    }

    /// The payloads version 1 must refuse, with the message each must give (path included).
    static func refusals() throws -> [(name: String, bytes: [UInt8], message: String)] {
        let settings = try #require(ExampleApp.compact.screens.first { $0.id == "settings" })
        let v2 = try #require(settings.variant(for: 2)).envelope
        let v1 = String(decoding: try #require(settings.variant(for: 1)).envelope, as: UTF8.self)
        func edited(_ old: String, _ new: String) throws -> [UInt8] {
            let text = v1.replacingOccurrences(of: old, with: new)
            #expect(text != v1, "\(old) is not in the settings variant")
            return Array(text.utf8)
        }
        return [
            ("v2.json", v2, #": unknown component type "divider" (contract 1)"#),
            (
                "missing.json", try edited(#""content":"Settings""#, #""contnet":"Settings""#),
                #": missing required key "content""#
            ),
            (
                "enum.json", try edited(#""style":"largeTitle""#, #""style":"display""#),
                #".style: unknown TextStyle value "display" (contract 1)"#
            ),
            (
                "key.json", try edited(#""content":"Settings""#, #""content":"Settings","bogus":true"#),
                #".bogus: unknown key "bogus" in component "text" (contract 1)"#
            ),
            (
                "type.json", try edited(#""content":"Settings""#, #""content":7"#),
                #".content: expected a string, found a number"#
            ),
            (
                "action.json",
                Array(
                    #"{"format":1,"id":"a","contract":1,"minContract":1,"initialState":{},"root":{"type":"button","id":"b","label":"Go","action":{"type":"sequence","actions":[{"type":"teleport"}]}}}"#
                        .utf8),
                #"failed action.json: $.root.action.actions[0].type: unknown action kind "teleport" (contract 1)"#
            ),
            (
                "envelope.json", try edited(#""format":1"#, #""format":1,"extra":0"#),
                #"failed envelope.json: $.extra: unknown key "extra" in the envelope (contract 1)"#
            ),
        ]
    }

    /// Every model this suite runs — each frozen version's, each in a package of its own, and the
    /// awkward contract's — compiled in one kotlinc run (it starts slowly) the first time a test
    /// asks, into a jar both tests share.
    static let sharedJar = SharedKotlinJar {
        let versions = 1...ClientArtifactTests.versions.count
        return versions.flatMap { version in
            [
                Self.model(version, package: "\(Self.package).v\(version)"),
                Self.driver("v\(version)", package: "\(Self.package).v\(version)"),
            ]
        } + [
            KotlinClientModel.source(Self.awkward, version: 1, sha256: "0", package: "\(Self.package).awkward"),
            Self.driver("awkward", package: "\(Self.package).awkward"),
        ]
    }

    /// The shared jar, expecting kotlinc to have reported nothing.
    static func jar() throws -> String {
        let compiled = try sharedJar.compile()
        #expect(compiled.status == 0 && compiled.diagnostics.isEmpty, "kotlinc: \(compiled.diagnostics)")
        return compiled.jar
    }

    @Test(.needs(.kotlin)) func eachVersionsModelCompilesWithKotlin13AndDecodesEveryVariantOfItsVersionInOneJVM() throws
    {
        let folder = try ClientArtifactTests.folder("kotlin-model")
        defer { try? FileManager.default.removeItem(at: folder) }
        let versions = 1...ClientArtifactTests.versions.count
        let decoder = try Self.jar()
        for version in versions {
            let build = folder.appendingPathComponent("v\(version)")
            try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
            let variants = ClientArtifactTests.variants(version)
            #expect(variants.count == ExampleApp.compact.screens.count)
            let refusals = version == 1 ? try Self.refusals() : []
            // A defaulted prop left out decodes to the contract's default.
            let defaults = Array(
                #"{"format":1,"id":"d","contract":\#(version),"minContract":1,"initialState":{},"root":{"type":"text","id":"t","content":"Hi"}}"#
                    .utf8)
            let files = try ClientArtifactTests.write(
                variants + [("defaults.json", defaults)] + refusals.map { ($0.name, $0.bytes) }, into: build)
            let (status, lines, runSeconds) = try KotlinToolchain.decode(decoder, driver: "v\(version)", files)
            print("kotlin model \(version): one JVM over \(files.count) payloads \(runSeconds) s")
            #expect(status == (refusals.isEmpty ? 0 : 1), "\(lines)")
            for (name, _) in variants {
                #expect(lines.contains { $0.hasPrefix("decoded \(name): ") }, "\(name): \(lines)")
            }
            let text = lines.first {
                $0.hasPrefix("decoded defaults.json: d contract \(version) root Text(color=null, ")
            }
            #expect(text?.hasSuffix(", style=BODY)") == true, "\(lines)")
            for refusal in refusals {
                let line = lines.first { $0.hasPrefix("failed \(refusal.name): $.") }
                #expect(line?.contains(refusal.message) == true, "\(refusal.name): \(lines)")
            }
            let outcomes = lines.filter { $0.hasPrefix("decoded ") || $0.hasPrefix("failed ") }
            #expect(outcomes.count == files.count, "\(lines)")
        }
    }
}

extension KotlinClientModelTests {
    /// A contract whose names collide with Kotlin keywords, with the file's and Kotlin's own types
    /// and with each other once made idiomatic.
    static let awkward = Contract(
        components: [
            ComponentSchema(
                type: "list",
                props: [
                    PropSchema("in", .string, .required), PropSchema("max-lines", .number, .optional),
                    PropSchema("maxLines", .bool, .defaulted(.bool(true))),
                    PropSchema("1st", .string, .defaulted(.string("a$b\"c\\"))),
                    PropSchema("class", .enumeration(weird), .defaulted(.string("default"))),
                ]),
            ComponentSchema(type: "List", props: [PropSchema("in", .string, .required)]),
            ComponentSchema(type: "text", props: [], hasChildren: true),
            ComponentSchema(type: "string", props: [PropSchema("act", .action, .optional)]),
        ],
        actions: [
            ActionSchema(kind: "fun", fields: [PropSchema("when", .list(.map(.scalar)), .required)]),
            ActionSchema(kind: "Action", fields: []),
        ],
        enums: [weird])

    static let weird = EnumSchema(
        name: "Value", cases: ["default", "fun", "a-b", "aB", "1x", "$x"].map { EnumCase($0) })

    @Test(.needs(.kotlin)) func awkwardNamesCompileAndDecode() throws {
        let folder = try ClientArtifactTests.folder("kotlin-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let decoder = try Self.jar()
        let payload = #"""
            {"format":1,"id":"w","contract":1,"minContract":1,"initialState":{"k":[null,{"a":true}]},"root":
            {"type":"text","id":"r","children":[{"type":"list","id":"l","in":"x","class":"$x"},
            {"type":"List","id":"L","in":"y"},{"type":"string","id":"s","act":{"type":"fun","when":[{"k":1}]}},
            {"type":"string","id":"t","act":{"type":"Action"}}]}}
            """#
        let files = try ClientArtifactTests.write([("awkward.json", Array(payload.utf8))], into: folder)
        let (status, lines, _) = try KotlinToolchain.decode(decoder, driver: "awkward", files)
        #expect(status == 0, "\(lines)")
        let tree = lines.first { $0.hasPrefix("tree awkward.json: ") } ?? ""
        for expected in [
            "Node(id=r, component=Text, children=[",
            #"component=ListComponent2(_1st=a$b"c\, class=X, in=x, maxLines=null, maxLines2=true)"#,
            "component=ListComponent(in=y)", "StringComponent(act=Fun(when=[{k=Number(value=1.0)}]))",
            "StringComponent(act=ActionAction)",
        ] {
            #expect(tree.contains(expected), "\(expected) not in \(tree)")
        }
    }
}

/// `screenkit contract codegen kotlin`.
@Suite struct KotlinCodegenCommandTests {
    @Test func codegenKotlinPrintsOrWritesWhatTheGeneratorWrites() async throws {
        let cli = try ClientArtifactCommandTests()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        let (code, out, error) = await cli.run(["contract", "codegen", "kotlin", "--package", "com.example.screens"])
        #expect(code == .success, "\(error)")
        #expect(out == KotlinClientModelTests.model(4))
        let (written, _, _) = await cli.run(["contract", "codegen", "kotlin", "--version", "1", "--out", "v1.kt"])
        #expect(written == .success)
        let file = try Data(contentsOf: cli.folder.appendingPathComponent("v1.kt"))
        #expect(
            String(decoding: file, as: UTF8.self) == KotlinClientModelTests.model(1, package: "screenkit.contract.v1"))
        let cases: [([String], String)] = [
            (
                ["contract", "codegen", "kotlin", "--package", "com.1x"],
                "--package com.1x is not a Kotlin package name"
            ),
            (
                ["contract", "codegen", "kotlin", "--package", "a.in.b"],
                "--package a.in.b is not a Kotlin package name"
            ),
            (["contract", "codegen", "swift", "--package", "a.b"], "--package is for kotlin"),
        ]
        for (arguments, message) in cases {
            let (usage, _, refusal) = await cli.run(arguments)
            #expect(usage == .usage, "\(arguments)")
            #expect(refusal.contains(message), "\(arguments): \(refusal)")
        }
    }
}
