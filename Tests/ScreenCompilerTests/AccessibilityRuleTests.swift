import Foundation
import ScreenCompiler
import ScreenKit
import ScreenLocalization
import Testing

/// The accessibility rules, each located at the node's Swift line: contrast in both appearances
/// from literals and tokens against the nearest declared background, images without a
/// description, controls without an accessible name (in any locale), small tap targets, and
/// one-line text a longer translation would cut; warnings unless raised.
@Suite struct AccessibilityRuleTests {
    static let ink = ColorToken("text.ink", light: "#111827", dark: "#F9FAFB")
    static let faint = ColorToken("text.faint", light: "#9CA3AF", dark: "#4B5563")
    static let band = ColorToken("surface.band", light: "#1F2937", dark: "#1F2937")

    /// A coloured band: its background is what the text inside it is read against.
    struct Band: Component {
        static let schema = ComponentSchema(
            type: "band", props: [.optional("fill", .color).accessibility(.background)], hasChildren: true)
        var node: Node
        init(fill: ColorToken, line: Int = #line, @ScreenBuilder content: () -> [Node]) {
            node = Self.makeNode(
                id: nil, props: [Prop(key: "fill", value: fill.wireValue)], children: content(),
                source: SourceLocation(file: #filePath, line: line, column: 1))
        }
    }

    /// A round icon button that declares its size.
    struct IconButton: Component {
        static let schema = ComponentSchema(
            type: "iconButton",
            props: [
                .required("icon", .string), .optional("name", .string).accessibility(.label),
                .required("size", .number).accessibility(.width), .required("action", .action),
            ])
        var node: Node
        init(_ icon: String, name: String?, size: Double, id: String, line: Int = #line) {
            var props = [
                Prop(key: "icon", value: .string(icon)), Prop(key: "size", value: .number(size)),
                Prop(key: "action", value: .action(.navigate(to: "s"))),
            ]
            if let name { props.append(Prop(key: "name", value: .string(name))) }
            node = Self.makeNode(id: id, props: props, source: SourceLocation(file: #filePath, line: line, column: 1))
        }
    }

    static func check(_ content: [Node], options: CompileOptions = CompileOptions()) -> [Diagnostic] {
        var catalog = Catalog(
            components: StandardCatalog.components + [Band.self, IconButton.self],
            screens: [Screen("s", title: "S") { Column(id: "page") { content } }])
        catalog.tokens = [ink, faint, band]
        return Compiler(catalog: catalog).check(options).filter { AccessibilityRules.all.map(\.id).contains($0.rule) }
    }

    static func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.rule) \($0.location?.line ?? 0) \($0.message)" }
    }

    @Test func contrastIsCheckedInBothAppearancesAgainstTheNearestBackground() {
        let line = #line
        let diagnostics = Self.check([
            Text("Readable", id: "ok").color(Self.ink).node,
            Text("Faint", id: "faint").color(Self.faint).node,
            Text("Grey", id: "grey").color("#777777").node,
            Text("Big grey", id: "big").style(.title).color("#777777").node,
            Band(fill: Self.band) { Text("On the band", id: "on-band").color(Self.ink) }.node,
        ])
        #expect(
            Self.lines(diagnostics) == [
                "contrast-low \(line + 3) \"text\" \"faint\" color is #9CA3AF on #FFFFFF in the light appearance: contrast 2.5:1; WCAG 2.2 AA needs 4.5:1 for text",
                "contrast-low \(line + 3) \"text\" \"faint\" color is #4B5563 on #000000 in the dark appearance: contrast 2.8:1; WCAG 2.2 AA needs 4.5:1 for text",
                "contrast-low \(line + 4) \"text\" \"grey\" color is #777777 on #FFFFFF in the light appearance: contrast 4.5:1; WCAG 2.2 AA needs 4.5:1 for text",
                "contrast-low \(line + 6) \"text\" \"on-band\" color is #111827 on #1F2937 in the light appearance: contrast 1.2:1; WCAG 2.2 AA needs 4.5:1 for text",
            ], "\(Self.lines(diagnostics).joined(separator: "\n"))")
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.location?.file == #filePath })
        #expect(diagnostics[0].nodePath == "s/page/faint")
    }

    @Test func imagesNeedADescriptionOrToBeDecorative() {
        let line = #line
        let diagnostics = Self.check([
            Image(url: "https://example.com/a.png", id: "bare").node,
            Image(url: "https://example.com/b.png", id: "described").accessibilityLabel("A kettle").node,
            Image(url: "https://example.com/c.png", id: "ornament").decorative().node,
        ])
        #expect(
            Self.lines(diagnostics) == [
                "image-label-missing \(line + 2) \"image\" \"bare\" has no accessibilityLabel: say what it shows, or mark it decorative (an empty label)"
            ])
    }

    @Test func controlsNeedANameAndRoomToTap() {
        let line = #line
        let diagnostics = Self.check([
            Button("", id: "blank", action: .navigate(to: "s")).node,
            Button("Buy", id: "buy", action: .navigate(to: "s")).node,
            Card(id: "tappable", action: .navigate(to: "s")) { Image(url: "https://example.com/a.png").decorative() }
                .node,
            Card(id: "named", action: .navigate(to: "s")) { Text("Open the kettle") }.node,
            Self.IconButton.init("x", name: nil, size: 24, id: "close").node,
            Self.IconButton.init("i", name: "Info", size: 44, id: "info").node,
        ])
        #expect(
            Self.lines(diagnostics) == [
                "control-name-missing \(line + 2) \"button\" \"blank\" can be used but has no accessible name: nothing in it says what it does",
                "control-name-missing \(line + 4) \"card\" \"tappable\" can be used but has no accessible name: nothing in it says what it does",
                "control-name-missing \(line + 7) \"iconButton\" \"close\" can be used but has no accessible name: nothing in it says what it does",
                "tap-target-small \(line + 7) \"iconButton\" \"close\" can be tapped but is 24.0 pt wide; a tap target is at least 44 × 44 pt",
            ], "\(Self.lines(diagnostics).joined(separator: "\n"))")
    }

    /// A label says something when trimming its spaces (`CharacterSet.whitespaces`: tab, the
    /// Unicode space separators and the zero-width space; no newlines) leaves anything: read scalar
    /// by scalar, as trimming reads it.
    @Test func aLabelOfSpacesAloneIsNoName() {
        let labels = [
            " ", "\t \t", "\u{00A0}", "\u{2003}\u{3000}", "\u{202F} ", "\n", " \u{2028}", "\u{200B}", "x", " \tx ",
            "\u{00A0}Buy", "é", "🙂",
        ]
        let diagnostics = Self.check(
            labels.indices.map { Button(labels[$0], id: "b\($0)", action: .navigate(to: "s")).node })
        let unnamed = Set(diagnostics.filter { $0.rule == "control-name-missing" }.compactMap(\.nodePath))
        for (index, label) in labels.enumerated() {
            let blank = label.trimmingCharacters(in: .whitespaces).isEmpty
            #expect(unnamed.contains("s/page/b\(index)") == blank, "\(label.unicodeScalars.map(\.value))")
        }
        #expect(unnamed.count == 6)
    }

    @Test func raisedRulesFailTheCheck() {
        var options = CompileOptions()
        options.raisedRules = ["contrast-low"]
        let diagnostics = Self.check([Text("Grey", id: "grey").color("#999999").node], options: options)
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.severity == .error })
    }

    static func translations(_ german: [String: String]) throws -> Translations {
        var strings: [String: Any] = [:]
        for (key, value) in german {
            strings[key] = ["localizations": ["de": ["stringUnit": ["state": "translated", "value": value]]]]
        }
        let json = try JSONSerialization.data(withJSONObject: [
            "sourceLanguage": "en", "version": "1.0", "strings": strings,
        ])
        let catalog = try StringCatalog.decode(Array(json), path: "Localizable.xcstrings")
        return try Translations(tables: ["Localizable": catalog], locales: ["de"])
    }

    @Test func aLabelEmptyInOneLocaleAndOneLineTextsTooLongAreFound() throws {
        let line = #line
        let content: [Node] = [
            Button(localized: LocalizedString("buy", defaultValue: "Buy"), id: "buy", action: .navigate(to: "s")).node,
            Text(
                localized: LocalizedString("promo", defaultValue: "Free shipping on every order this weekend"),
                id: "promo"
            )
            .lineLimit(1).node,
            Text(localized: LocalizedString("short", defaultValue: "Sale"), id: "short").lineLimit(1).node,
        ]
        let options = CompileOptions(
            localization: LocalizationOptions(
                translations: try Self.translations(["buy": " ", "promo": "Kostenloser Versand", "short": "Angebot"]),
                untranslated: .warning, paths: [:]))
        let diagnostics = Self.check(content, options: options)
        #expect(
            Self.lines(diagnostics).map {
                $0.replacingOccurrences(of: #"\[.*\]"#, with: "[…]", options: .regularExpression)
            } == [
                "control-name-missing \(line + 2) \"button\" \"buy\" can be used but has no accessible name: nothing in it says what it does (locale de)",
                "text-truncated \(line + 3) \"text\" \"promo\" shows one line, but its pseudo-localized text […] is about 530 pt wide at style body, more than the 343 pt a phone's line holds: a longer translation is cut",
            ], "\(Self.lines(diagnostics).joined(separator: "\n"))")
    }
}
