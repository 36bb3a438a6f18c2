import ScreenCompiler
import ScreenKit

/// What the preview draws of the design system: the catalog's colour tokens (in their light or
/// dark literal, with a switch between the appearances) and the accessibility findings, each marked
/// on the node it concerns.
public struct PreviewDesign: Sendable {
    /// The catalog's colour tokens.
    public var tokens: [ColorToken]
    /// The accessibility findings, by the ID of the node they concern (the last part of their path).
    public var findings: [String: [Diagnostic]]

    /// A design drawing `tokens` and marking `diagnostics` (only the accessibility rules' are kept).
    public init(tokens: [ColorToken] = [], diagnostics: [Diagnostic] = []) {
        self.tokens = tokens
        var findings: [String: [Diagnostic]] = [:]
        let rules = Set(AccessibilityRules.all.map(\.id))
        for diagnostic in diagnostics where rules.contains(diagnostic.rule) {
            guard let id = diagnostic.nodePath?.split(separator: "/").last else { continue }
            if !(findings[String(id)]?.contains(diagnostic) ?? false) {
                findings[String(id), default: []].append(diagnostic)
            }
        }
        self.findings = findings
    }

    /// The CSS custom property standing for `token`: `--t-brand-primary`.
    static func variable(_ token: String) -> String {
        "--t-" + token.replacingOccurrences(of: ".", with: "-")
    }

    /// The tokens a page's HTML draws, in the catalog's order.
    func used(in html: String) -> [ColorToken] {
        tokens.filter { html.contains("var(\(Self.variable($0.name)))") }
    }

    /// The header's switch between the appearances and the swatches of `used`, and the page's
    /// stylesheet for them: each token's light literal, its dark one while the switch is on, and
    /// the phone drawn dark. Empty for a page that draws no token.
    func appearanceSwitch(_ used: [ColorToken]) -> (html: String, style: String) {
        guard !used.isEmpty else { return ("", "") }
        var html = "<p class=\"tokens\"><label for=\"sk-dark\">dark appearance</label> · tokens: "
        html += used.map { token in
            "<span class=\"swatch\" style=\"background:var(\(Self.variable(token.name)))\"></span>"
                + "\(HTML.escape(token.name)) \(HTML.escape(token.light))"
                + (token.dark.map { " / \(HTML.escape($0))" } ?? "")
        }.joined(separator: " · ")
        html += "</p>"
        func declarations(_ appearance: Appearance) -> String {
            used.map { token in
                "\(Self.variable(token.name)):\(NodeRenderer.css(color: token.literal(appearance)) ?? token.light)"
            }.joined(separator: ";")
        }
        let style =
            ":root{\(declarations(.light))}#sk-dark{position:absolute;opacity:0}"
            + "#sk-dark:checked~main{\(declarations(.dark))}"
            + "#sk-dark:checked~main .phone{background:#000;color:#f9fafb}"
            + "#sk-dark:checked~main .nav-title{border-color:#38383a}"
            + ".tokens{margin-top:6px;font-size:13px;color:#4b5563}.tokens label{font-weight:600;cursor:pointer}"
            + ".swatch{display:inline-block;width:12px;height:12px;border-radius:3px;border:1px solid #9ca3af;"
            + "vertical-align:-2px;margin-right:4px}"
        return (html, style)
    }
}
