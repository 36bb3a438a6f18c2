import ScreenContract
import ScreenKit

/// The colour tokens of the TypeScript client model: `ColorToken`, the union of the version's
/// token names, `colorTokens`, each one's light and dark literals (a web page has no colour
/// catalog of its own, so these are what it draws), and `ColorValue` with `colorValue`, what a
/// colour prop holds. Left out for a version without tokens, so its module keeps its bytes.
extension TypeScriptClientModel {
    /// The type names a version with tokens declares.
    static let tokenNames: Set<String> = ["ColorToken", "ColorValue"]

    /// The token types and table, when the version has tokens.
    static func tokens(_ contract: Contract, version: Int, into out: inout SourceLines) {
        guard !contract.tokens.isEmpty else { return }
        out.line("/** The colour tokens of contract \(version). */")
        union("ColorToken", contract.tokens.map { literal($0.name) }, into: &out)
        out.line("/** Each token's light and dark literals, `#RRGGBB` or `#AARRGGBB`: what a page draws for it. */")
        out.open(
            "export const colorTokens: { readonly [T in ColorToken]: { readonly light: string; readonly dark: string } } = {"
        )
        for token in contract.tokens {
            out.line(
                "\(literal(token.name)): { light: \(literal(token.literal(.light))), dark: \(literal(token.literal(.dark))) },"
            )
        }
        out.close("};")
        out.line("")
        out.line("/** What a colour prop holds: one of the version's tokens, or a literal. */")
        out.line("export type ColorValue = { readonly token: ColorToken } | { readonly literal: string };")
        out.line("")
        out.line("/** The value of a colour prop as decoded. */")
        out.open("export function colorValue(value: string): ColorValue {")
        out.line("return Object.prototype.hasOwnProperty.call(colorTokens, value)")
        out.line("    ? { token: value as ColorToken }")
        out.line("    : { literal: value };")
        out.close("}")
        out.line("")
    }
}
