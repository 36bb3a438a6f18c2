import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenKit
import ScreenTestSupport
import Testing

/// The example app's output: reviewed goldens, determinism, sharing, and decoding by strict clients.
@Suite struct ExampleEnvelopeTests {
    @Test func theHistoryIsIntactAndTheCatalogCompilesWithoutDiagnostics() {
        #expect(ExampleApp.history.diagnostics == [])
        #expect(ExampleApp.history.versions.count == 4)
        #expect(ExampleApp.compact.diagnostics == [])
        #expect(ExampleApp.compact.contract == 4)
        #expect(ExampleApp.compact.screens.count == App.catalog.screens.count)
        #expect(ExampleApp.compact.screens.count >= 5)
    }

    @Test(arguments: App.catalog.screens.map(\.id))
    func fullEnvelopeAndVariantsMatchGoldens(screenID: String) throws {
        let screen = try #require(ExampleApp.pretty.screens.first { $0.id == screenID })
        Golden.expect(screen.full, matches: "envelopes/\(screenID).json")
        #expect(screen.variants.map(\.contract) == [1, 2, 3, 4])
        for variant in screen.variants {
            Golden.expect(variant.envelope, matches: "variants/\(screenID)@\(variant.contract).json")
        }
    }

    @Test func manifestMatchesGolden() {
        let layout = BucketLayout(
            screens: ExampleApp.compact.screens, contract: 2, history: ExampleApp.history.versions.map(\.sha256))
        Golden.expect(layout.manifest.encoded(style: .pretty), matches: "manifest.json")
    }

    @Test func compactAndPrettyAreTheSameDocuments() throws {
        for (compact, pretty) in zip(ExampleApp.compact.screens, ExampleApp.pretty.screens) {
            let pairs =
                [(compact.full, pretty.full)]
                + zip(compact.variants, pretty.variants).map { ($0.envelope, $1.envelope) }
            for (a, b) in pairs {
                let left = try JSONSerialization.jsonObject(with: Data(a)) as? NSDictionary
                let right = try JSONSerialization.jsonObject(with: Data(b)) as? NSDictionary
                #expect(left == right, "\(compact.id)")
                #expect(!a.contains(0x0A), "compact output has no newlines")
            }
        }
    }

    @Test func twoBuildsAreByteIdentical() {
        #expect(ExampleApp.compile().screens == ExampleApp.compact.screens)
        let first = BucketLayout(screens: ExampleApp.compact.screens, contract: 2, history: [])
        let second = BucketLayout(screens: ExampleApp.compile().screens, contract: 2, history: [])
        #expect(first.files == second.files)
    }

    @Test func identicalVariantsShareOneObject() throws {
        let signIn = try #require(ExampleApp.compact.screens.first { $0.id == "sign-in" })
        #expect(signIn.variants[0].envelope == signIn.variants[1].envelope)
        #expect(String(decoding: signIn.variants[1].envelope, as: UTF8.self).contains("\"contract\":1,"))
        let home = try #require(ExampleApp.compact.screens.first { $0.id == "home" })
        #expect(home.variants[0].envelope != home.variants[1].envelope)
        let layout = BucketLayout(screens: ExampleApp.compact.screens, contract: 2, history: [])
        // Versions 1–3 receive the subtitle's literal, version 4 its token.
        let signInEntry = try #require(layout.manifest.screens.first { $0.id == "sign-in" })
        #expect(Set(signInEntry.variants.prefix(3).map(\.object)).count == 1)
        #expect(Set(signInEntry.variants.map(\.object)).count == 2)
    }

    @Test func strictClientsOfEveryVersionDecodeTheirVariant() throws {
        for screen in ExampleApp.compact.screens {
            let full = try decodeAsClient(screen.full, version: nil)
            #expect(full.format == 1 && full.id == screen.id && full.contract == 4 && full.minContract == 1)
            for variant in screen.variants {
                let envelope = try decodeAsClient(variant.envelope, version: variant.contract)
                #expect(envelope.contract <= variant.contract)
            }
        }
    }

    @Test func aVersionOneClientRejectsTheFullEnvelopeOfAScreenWithNewElements() throws {
        let home = try #require(ExampleApp.compact.screens.first { $0.id == "home" })
        #expect(throws: UnknownToClient.self) { try decodeAsClient(home.full, version: 1) }
    }

    @Test func strictClientRejectsAMissingDefaultedKey() throws {
        let sample = try #require(ExampleApp.compact.screens.first { $0.id == "sign-in" })
        let text = String(decoding: sample.full, as: UTF8.self)
        let broken = text.replacingOccurrences(of: ",\"isSecure\":true", with: "")
        #expect(broken != text)
        #expect(throws: DecodingError.self) { try decodeAsClient(Array(broken.utf8), version: nil) }
    }

    @Test func versionOneVariantsUseFallbacksAndTheMatrixSaysSo() throws {
        let home = try #require(ExampleApp.compact.screens.first { $0.id == "home" })
        let v1 = try #require(home.variant(for: 1))
        #expect(v1.downgrades.contains(.replaced(nodeID: "card-aeropress", type: "productCard", by: "card")))
        #expect(
            v1.downgrades.contains(
                .enumMapped(nodeID: "greeting.text-1", enumName: "TextStyle", from: "display", to: "largeTitle")))
        #expect(home.variant(for: 2)?.downgrades == [])
        let settings = try #require(ExampleApp.compact.screens.first { $0.id == "settings" })
        #expect(settings.variant(for: 1)?.downgrades == [.dropped(nodeID: "settings.divider-1", type: "divider")])
        let product = try #require(ExampleApp.compact.screens.first { $0.id == "product-aeropress" })
        #expect(
            product.variant(for: 1)?.downgrades == [
                .eventRemoved(nodeID: "detail", name: "product_viewed", element: "event:product_viewed"),
                .tokenReplaced(nodeID: "badge", token: "accent.warning", by: "#FFB45309"),
                .propRemoved(nodeID: "summary", type: "text", key: "maxLines"),
                .eventRemoved(nodeID: "add-to-cart", name: "add_to_cart_tapped", element: "event:add_to_cart_tapped"),
                .actionReplaced(nodeID: "share", kind: "share", by: "openURL"),
            ])
        // Version 2 lacks only the events: it renders fully, without sending them.
        let v2 = try #require(product.variant(for: 2))
        #expect(v2.downgrades.allSatisfy { !$0.isFallback } && v2.downgrades.count == 3)
        #expect(!String(decoding: v2.envelope, as: UTF8.self).contains("events"))
        #expect(
            String(decoding: try #require(product.variant(for: 3)).envelope, as: UTF8.self).contains(
                #""events":[{"trigger":"tap","name":"add_to_cart_tapped","params":{"product":"aeropress","badge":true}}]"#
            ))
    }

    @Test func examplesUseEveryStandardComponentActionAndEnumKind() throws {
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
