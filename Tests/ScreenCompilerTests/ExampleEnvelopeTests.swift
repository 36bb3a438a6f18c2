import Foundation
import ScreenCompiler
import ScreenKit
import Screens
import Testing

/// The example app's envelopes: reviewed goldens, determinism, and decoding by a strict client.
@Suite struct ExampleEnvelopeTests {
    static let pretty = Compiler(catalog: App.catalog).compile(CompileOptions(style: .pretty, contractVersion: 2))
    static let compact = Compiler(catalog: App.catalog).compile(CompileOptions(style: .compact, contractVersion: 2))

    @Test func exampleCatalogCompilesWithoutDiagnostics() {
        #expect(Self.pretty.diagnostics == [])
        #expect(Self.pretty.screens.count == App.catalog.screens.count)
        #expect(Self.pretty.screens.count >= 5)
    }

    @Test(arguments: App.catalog.screens.map(\.id))
    func envelopeMatchesGolden(screenID: String) throws {
        let screen = try #require(Self.pretty.screens.first { $0.id == screenID })
        Golden.expect(screen.envelope, matches: "envelopes/\(screenID).json")
    }

    @Test func compactAndPrettyAreTheSameDocument() throws {
        for (compact, pretty) in zip(Self.compact.screens, Self.pretty.screens) {
            let a = try JSONSerialization.jsonObject(with: Data(compact.envelope)) as? NSDictionary
            let b = try JSONSerialization.jsonObject(with: Data(pretty.envelope)) as? NSDictionary
            #expect(a == b, "\(compact.id)")
            #expect(!compact.envelope.contains(0x0A), "compact output has no newlines")
            #expect(compact.envelope.count < pretty.envelope.count)
        }
    }

    @Test func twoBuildsAreByteIdentical() {
        let again = Compiler(catalog: App.catalog).compile(CompileOptions(style: .compact, contractVersion: 2))
        #expect(again.screens == Self.compact.screens)
    }

    @Test func strictClientDecodesEveryEnvelope() throws {
        for screen in Self.compact.screens {
            let envelope = try JSONDecoder().decode(ClientEnvelope.self, from: Data(screen.envelope))
            #expect(envelope.format == 1)
            #expect(envelope.id == screen.id)
            #expect(envelope.contract == 2 && envelope.minContract == 1)
        }
    }

    @Test func strictClientRejectsAMissingDefaultedKey() throws {
        let sample = try #require(Self.compact.screens.first { $0.id == "sign-in" })
        let text = String(decoding: sample.envelope, as: UTF8.self)
        let broken = text.replacingOccurrences(of: ",\"isSecure\":true", with: "")
        #expect(broken != text)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ClientEnvelope.self, from: Data(broken.utf8))
        }
    }

    @Test func examplesUseEveryStandardComponentActionAndEnumValueKind() throws {
        var types: Set<String> = []
        var actions: Set<String> = []
        var enums: Set<String> = []
        let components = Dictionary(uniqueKeysWithValues: App.catalog.components.map { ($0.type, $0) })
        func visit(_ value: Value) {
            switch value {
            case .action(let action):
                actions.insert(action.kind)
                for field in action.fields {
                    if case .string = field.value, field.key == "presentation" { enums.insert("Presentation") }
                    visit(field.value)
                }
            case .list(let values): values.forEach(visit)
            default: break
            }
        }
        func visit(_ node: Node) {
            types.insert(node.type)
            for prop in node.props {
                if case .enumeration(let schema) = components[node.type]?.prop(prop.key)?.type {
                    enums.insert(schema.name)
                }
                visit(prop.value)
            }
            node.children?.forEach(visit)
            if case .node(let fallback) = node.fallback { visit(fallback) }
        }
        App.catalog.screens.flatMap(\.content).forEach(visit)
        #expect(types.isSuperset(of: StandardCatalog.components.map { $0.schema.type }))
        #expect(actions.isSuperset(of: StandardCatalog.actions.map(\.kind)))
        #expect(
            enums == [
                "TextStyle", "ButtonStyle", "HorizontalAlignment", "VerticalAlignment", "ContentMode", "ScrollAxis",
                "Keyboard", "Presentation",
            ])
    }
}
