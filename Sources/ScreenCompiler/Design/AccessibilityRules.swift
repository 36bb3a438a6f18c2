import Foundation
import ScreenDesign
import ScreenKit

/// The accessibility rules, run by `check`, `build` and the renderer's start-up over every screen
/// in every configured locale (never per request): text contrast in both appearances, images
/// without a description, controls without an accessible name, small tap targets, and one-line
/// text a longer translation would cut. Warnings, unless screenkit.json lists them in `errors`.
/// They read a component's props through their ``AccessibilityRole``s, so custom components that
/// declare roles are checked like the standard ones.
public enum AccessibilityRules {
    /// Every accessibility rule, for `explain` and reports.
    public static let all: [Rule] = [contrastLow, imageLabelMissing, controlNameMissing, tapTargetSmall, textTruncated]

    /// The least side of a tap target, in points (Apple's Human Interface Guidelines; WCAG 2.2's
    /// 2.5.8 asks 24 CSS pixels, Material 48 dp).
    public static let minimumTapTarget = 44.0
    /// The width one line of text has on the narrowest supported phone (375 pt) inside the usual
    /// 16 pt margins: what the truncation estimate compares a line with.
    public static let lineWidth = 343.0

    /// What each appearance draws behind a screen when nothing else does: white in light mode,
    /// black in dark mode (the system backgrounds).
    static let screenBackground: [Appearance: AppColor] = [
        .light: .white, .dark: .black,
    ]

    /// The props of one component, by role.
    struct Roles {
        var labels: [String] = []
        var descriptions: [String] = []
        var foregrounds: [String] = []
        var backgrounds: [String] = []
        var width: String?
        var height: String?
        var actions: [String] = []
        var bindsState = false

        init(_ schema: ComponentSchema) {
            for prop in schema.props {
                switch prop.accessibility {
                case .label?: labels.append(prop.key)
                case .imageDescription?: descriptions.append(prop.key)
                case .foreground?: foregrounds.append(prop.key)
                case .background?: backgrounds.append(prop.key)
                case .width?: width = prop.key
                case .height?: height = prop.key
                case nil: break
                }
                if prop.type == .action { actions.append(prop.key) }
                if prop.reference == .stateKey { bindsState = true }
            }
        }
    }

    /// The problems of `screens` (localized as clients receive them) in `catalog`.
    static func validate(_ screens: [Screen], catalog: Catalog) -> [Diagnostic] {
        var checker = Checker(catalog: catalog)
        for screen in screens {
            for root in screen.content {
                checker.pathParts = [screen.id]
                checker.visit(root, background: screenBackground, depth: 0)
            }
        }
        return checker.diagnostics
    }

    /// The one-line texts of `screens` (written in the pseudo-locale) that a translation 40 %
    /// longer would cut.
    static func truncated(_ screens: [Screen], catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        func visit(_ node: Node, path: String, depth: Int) {
            guard depth <= ScreenLimits.maximumDepth else { return }
            let path = path + "/" + (node.id ?? node.type)
            if node.type == "text", case .number(1)? = node[prop: "maxLines"],
                case .string(let text)? = node[prop: "content"],
                text.hasPrefix("["), text.hasSuffix("]")
            {
                let style = node[prop: "style"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "body"
                let width = Double(text.count) * averageGlyphWidth(style)
                if width > lineWidth {
                    diagnostics.append(
                        textTruncated.diagnostic(
                            "\"text\" \"\(node.id ?? "")\" shows one line, but its pseudo-localized text \(text.prefix(60)) is about \(Int(width)) pt wide at style \(style), more than the \(Int(lineWidth)) pt a phone's line holds: a longer translation is cut",
                            severity: .warning, at: node.source, path: path))
                }
            }
            node.forEachChild { visit(copy $0, path: path, depth: depth + 1) }
            for arm in node.experiment?.arms ?? [] { arm.content.forEach { visit($0, path: path, depth: depth + 1) } }
        }
        for screen in screens { screen.content.forEach { visit($0, path: screen.id, depth: 0) } }
        return diagnostics
    }

    /// The average width of a glyph of `style`, in points: about half the font size (San
    /// Francisco and Roboto set mixed text at 0.5–0.55 em).
    static func averageGlyphWidth(_ style: String) -> Double {
        let size: Double =
            switch style {
            case "display": 40
            case "largeTitle": 34
            case "title": 28
            case "headline", "body": 17
            case "subheadline": 15
            case "footnote": 13
            case "caption": 12
            default: 17
            }
        return size * 0.52
    }

    /// Whether text of `style` is large in WCAG's sense (at least 18 pt, or 14 pt bold).
    static func isLarge(_ style: String?) -> Bool {
        ["display", "largeTitle", "title"].contains(style ?? "")
    }

    struct Checker {
        let catalog: Catalog
        var roles: [String: Roles] = [:]
        var diagnostics: [Diagnostic] = []
        /// The path to the node visited, part by part (the screen ID first): joined only for a
        /// diagnostic, which few nodes have.
        var pathParts: [String] = []

        init(catalog: Catalog) {
            self.catalog = catalog
            for component in catalog.components where roles[component.type] == nil {
                roles[component.type] = Roles(component)
            }
        }

        /// The colour `value` draws in `appearance`: a literal, or a token's literal.
        func color(_ value: Value?, _ appearance: Appearance) -> AppColor? {
            guard case .string(let text)? = value else { return nil }
            if ColorToken.isTokenName(text) {
                return catalog.token(text).flatMap { AppColor(literal: $0.literal(appearance)) }
            }
            return AppColor(literal: text)
        }

        static func text(_ value: Value?) -> String? {
            if case .string(let text)? = value { text } else { nil }
        }

        /// Whether `value` is a string with something besides `CharacterSet.whitespaces` (tab and the
        /// Unicode spaces) in it, read scalar by scalar: trimming a copy went through `NSString`.
        static func says(_ value: Value?) -> Bool {
            guard case .string(let text)? = value else { return false }
            for scalar in text.unicodeScalars {
                if scalar.isASCII {
                    if scalar != " " && scalar != "\t" { return true }
                } else if !CharacterSet.whitespaces.contains(scalar) {
                    return true
                }
            }
            return false
        }

        /// Whether `node` or a node inside it has something a screen reader says.
        func hasName(_ node: Node, depth: Int) -> Bool {
            guard depth <= ScreenLimits.maximumDepth else { return true }
            if let roles = roles[node.type] {
                for key in roles.labels where Self.says(node[prop: key]) { return true }
                for key in roles.descriptions where Self.says(node[prop: key]) { return true }
            }
            var found = false
            node.forEachChild { child in if !found { found = hasName(copy child, depth: depth + 1) } }
            return found
        }

        mutating func visit(_ node: Node, background: [Appearance: AppColor], depth: Int) {
            guard depth <= ScreenLimits.maximumDepth else { return }
            pathParts.append(node.id ?? node.type)
            defer { pathParts.removeLast() }
            let path = LazyPath(parts: pathParts)
            let id = LazyID(node: node)
            let roles = roles[node.type]
            var background = background
            for key in roles?.backgrounds ?? [] {
                for appearance in Appearance.allCases {
                    if let color = color(node[prop: key], appearance) {
                        background[appearance] = color.composited(over: background[appearance]!)
                    }
                }
            }
            for key in roles?.foregrounds ?? [] {
                for appearance in Appearance.allCases {
                    guard let color = color(node[prop: key], appearance), let behind = background[appearance] else {
                        continue
                    }
                    let ratio = Contrast.ratio(color, on: behind)
                    let large = node.type == "text" && isLarge(Self.text(node[prop: "style"]))
                    let minimum = large ? Contrast.minimumForLargeText : Contrast.minimumForText
                    guard ratio < minimum else { continue }
                    diagnostics.append(
                        contrastLow.diagnostic(
                            "\"\(node.type)\"\(id) \(key) is \(color.composited(over: behind).hex) on \(behind.hex) in the \(appearance) appearance: contrast \(AppColorRules.figure(ratio)):1; WCAG 2.2 AA needs \(AppColorRules.figure(minimum)):1 for \(large ? "large " : "")text",
                            severity: .warning, at: node.source, path: path.description))
                }
            }
            for key in roles?.descriptions ?? [] where node[prop: key] == nil {
                diagnostics.append(
                    imageLabelMissing.diagnostic(
                        "\"\(node.type)\"\(id) has no \(key): say what it shows, or mark it decorative (an empty label)",
                        severity: .warning, at: node.source, path: path.description))
            }
            let isControl = roles.map { $0.bindsState || $0.actions.contains { node[prop: $0] != nil } } ?? false
            // A leaf that declares no label is a custom component the rules cannot read: skipped.
            let readable =
                node.children != nil || !(roles?.labels.isEmpty ?? true) || !(roles?.descriptions.isEmpty ?? true)
            if isControl && readable {
                if !hasName(node, depth: depth) {
                    diagnostics.append(
                        controlNameMissing.diagnostic(
                            "\"\(node.type)\"\(id) can be used but has no accessible name: nothing in it says what it does",
                            severity: .warning, at: node.source, path: path.description))
                }
                for (key, axis) in [(roles?.width, "wide"), (roles?.height, "high")] {
                    guard let key, case .number(let points)? = node[prop: key], points < minimumTapTarget else {
                        continue
                    }
                    diagnostics.append(
                        tapTargetSmall.diagnostic(
                            "\"\(node.type)\"\(id) can be tapped but is \(AppColorRules.figure(points)) pt \(axis); a tap target is at least \(Int(minimumTapTarget)) × \(Int(minimumTapTarget)) pt",
                            severity: .warning, at: node.source, path: path.description))
                }
            }
            node.forEachChild { child in visit(copy child, background: background, depth: depth + 1) }
            if case .node(let fallback)? = node.fallback {
                pathParts.append("fallback")
                visit(fallback, background: background, depth: depth + 1)
                pathParts.removeLast()
            }
            for arm in node.experiment?.arms ?? [] {
                for content in arm.content { visit(content, background: background, depth: depth + 1) }
            }
        }
    }

    /// A node's path, joined when a diagnostic interpolates it.
    struct LazyPath: CustomStringConvertible {
        let parts: [String]
        var description: String { parts.joined(separator: "/") }
    }

    /// ` "id"` for a node with an explicit ID, else nothing, made when a diagnostic interpolates it.
    struct LazyID: CustomStringConvertible {
        let node: Node
        var description: String { node.id.map { " \"\($0)\"" } ?? "" }
    }

    static let contrastLow = Rule(
        id: "contrast-low",
        summary: "Text that does not stand out from its background is unreadable for people with low vision.",
        explanation: """
            WCAG 2.2 AA (1.4.3) asks a contrast of 4.5:1 for text and 3:1 for large text (the \
            largeTitle, title and display styles) against what is behind it. The rule computes it in \
            the light and the dark appearance, from literals and tokens (a token's light and dark \
            literals), against the nearest background a component declares (a prop with the \
            `.background` role), else the system background (white, black). Choose a darker or \
            lighter colour, or a token whose dark value differs.
            """)
    static let imageLabelMissing = Rule(
        id: "image-label-missing",
        summary: "A screen reader says nothing useful for an image without a description.",
        explanation: """
            Give the image an accessibility label saying what it shows (`.accessibilityLabel(...)`), \
            or mark it decorative (`.decorative()`, an empty label) so screen readers skip it. Custom \
            components mark their description prop with the `.imageDescription` role.
            """)
    static let controlNameMissing = Rule(
        id: "control-name-missing",
        summary: "A button, field or tappable card without an accessible name cannot be used with a screen reader.",
        explanation: """
            A node that carries an action or binds state needs something a screen reader says: a \
            label (`.label` role) that is not empty in any locale, or a text inside it. Give it one.
            """)
    static let tapTargetSmall = Rule(
        id: "tap-target-small",
        summary: "A tap target smaller than 44 × 44 pt is hard to hit.",
        explanation: """
            A node that carries an action and declares its size (props with the `.width` and \
            `.height` roles) is smaller than 44 pt on a side. Make it larger, or pad it.
            """)
    static let textTruncated = Rule(
        id: "text-truncated",
        summary: "One-line text that a longer translation would overflow is cut off in some languages.",
        explanation: """
            Written in the pseudo-locale (every localized string 40 % longer, as German or Finnish \
            often are), a text limited to one line (`.lineLimit(1)`) is estimated wider than a phone's \
            line (343 pt, at half the font size per character). Allow two lines, or shorten the text.
            """)
}
