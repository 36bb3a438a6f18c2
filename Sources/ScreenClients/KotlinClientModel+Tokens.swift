import ScreenCompiler
import ScreenContract
import ScreenKit

/// The colour tokens of the Kotlin client model: `ScreenModel.ColorToken`, one entry per token of
/// the version, carrying its colour's name in the app's resources (as `screenkit.json`'s
/// `androidColorNames` maps it: one name, or Material 3's separate light and dark names) and its
/// literals, and `ScreenModel.ColorValue`, what a colour prop holds. Left out for a version
/// without tokens, so its file keeps its bytes.
extension KotlinClientModel {
    /// The token enum class and the colour value, when the version has tokens.
    static func tokens(_ contract: Contract, version: Int, names: AppColorNames, into out: inout SourceLines) {
        guard !contract.tokens.isEmpty else { return }
        out.line("/**")
        out.line(" * The colour tokens of contract \(version), each with its colour's name in the app's resources")
        out.line(" * ([colorName]; [darkColorName] where the app names the dark colour apart, as Material 3 does),")
        out.line(" * so a renderer draws the app's own colour without a hand table.")
        out.line(" */")
        out.open("enum class ColorToken(")
        out.line("val wire: String,")
        out.line("val colorName: String,")
        out.line("val darkColorName: String?,")
        out.line("val light: String,")
        out.line("val dark: String")
        out.dedent()
        out.line(") {")
        out.indent()
        let entries = Names.entries(contract.tokens.map(\.name))
        for (index, token) in contract.tokens.enumerated() {
            let name = names.name(of: token.name, on: .android)
            let arguments = [
                literal(token.name), literal(name.light), name.dark.map(literal) ?? "null",
                literal(token.literal(.light)), literal(token.literal(.dark)),
            ]
            let separator = index == contract.tokens.count - 1 ? ";" : ","
            out.line("\(entries[index])(\(arguments.joined(separator: ", ")))\(separator)")
        }
        out.line("")
        out.open("companion object {")
        out.line("/** The token written as [wire], or null when the contract has none. */")
        out.line("fun fromWire(wire: String): ColorToken? = values().firstOrNull { it.wire == wire }")
        out.close("}")
        out.close("}")
        out.line("")
        out.line("/** What a colour prop holds: one of the version's tokens, or a literal `#RRGGBB`/`#AARRGGBB`. */")
        out.open("sealed class ColorValue {")
        out.line("/** A token: draw the app's colour. */")
        out.line("data class Token(val token: ColorToken) : ColorValue()")
        out.line("")
        out.line("/** A literal colour. */")
        out.line("data class Literal(val hex: String) : ColorValue()")
        out.line("")
        out.open("companion object {")
        out.line("/** The value of a colour prop as decoded. */")
        out.line("fun of(value: String): ColorValue = ColorToken.fromWire(value)?.let { Token(it) } ?: Literal(value)")
        out.close("}")
        out.close("}")
        out.line("")
    }
}
