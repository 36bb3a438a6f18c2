import ScreenCompiler
import ScreenContract
import ScreenKit

/// The colour tokens of the Swift client model: `ScreenModel.ColorToken`, one case per token of
/// the version, carrying its colour's name in the app's Asset Catalog (as `screenkit.json`'s
/// `iosColorNames` maps it) and its literals, and `ScreenModel.ColorValue`, what a colour prop
/// holds. Left out for a version without tokens, so its file keeps its bytes.
extension SwiftClientModel {
    /// The token enum and the colour value, when the version has tokens.
    static func tokens(_ contract: Contract, version: Int, names: AppColorNames, into out: inout SourceLines) {
        guard !contract.tokens.isEmpty else { return }
        let cases = tokenCases(contract.tokens)
        out.line("extension ScreenModel {")
        out.indent()
        out.line("/// The colour tokens of contract \(version), each with its colour in the app's Asset Catalog, so a")
        out.line("/// renderer draws the app's own colour (`Color(token.colorName)`) without a hand table.")
        out.open("public enum ColorToken: String, Sendable, CaseIterable {")
        for token in contract.tokens {
            out.line("case \(cases[token.name]!) = \(literal(token.name))")
        }
        func property(_ doc: String, _ declaration: String, _ value: (ColorToken) -> String) {
            out.line("")
            out.line("/// \(doc)")
            out.open("public var \(declaration) {")
            out.line("switch self {")
            for token in contract.tokens { out.line("case .\(cases[token.name]!): \(value(token))") }
            out.line("}")
            out.close("}")
        }
        property(
            "The name of its colour in the app's Asset Catalog (`UIColor(named:)`, `Color(_:)`).", "colorName: String"
        ) { literal(names.name(of: $0.name, on: .iOS).light) }
        property(
            "The dark colour's own name where the app names it apart; nil: the colour's Dark appearance.",
            "darkColorName: String?"
        ) { names.name(of: $0.name, on: .iOS).dark.map(literal) ?? "nil" }
        property("Its light literal, `#RRGGBB` or `#AARRGGBB`.", "light: String") { literal($0.literal(.light)) }
        property("Its dark literal (its light one when it declares none).", "dark: String") {
            literal($0.literal(.dark))
        }
        out.close("}")
        out.line("")
        out.line("/// What a colour prop holds: one of the version's tokens, or a literal `#RRGGBB`/`#AARRGGBB`.")
        out.open("public enum ColorValue: Hashable, Sendable {")
        out.line("/// A token: draw the app's colour.")
        out.line("case token(ColorToken)")
        out.line("/// A literal colour.")
        out.line("case literal(String)")
        out.line("")
        out.line("/// The value of a colour prop as decoded.")
        out.open("public init(_ value: String) {")
        out.line("self = ColorToken(rawValue: value).map(ColorValue.token) ?? .literal(value)")
        out.close("}")
        out.close("}")
        out.dedent()
        out.line("}")
        out.line("")
    }

    /// A case name per token: `brand.primary` → `brandPrimary`, numbered when two read the same.
    static func tokenCases(_ tokens: [ColorToken]) -> [String: String] {
        uniqueNames(tokens.map(\.name), caseName)
    }
}
