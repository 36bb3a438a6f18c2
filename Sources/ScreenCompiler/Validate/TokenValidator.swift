import ScreenKit

/// Checks the catalog's colour token declarations: a name that is not one, a name declared twice,
/// a literal that is not `#RRGGBB` or `#AARRGGBB`. (A colour prop naming an undeclared token is the
/// value validator's `token-unknown`.)
enum TokenValidator {
    /// The problems of the catalog's token declarations, each at its Swift line.
    static func validate(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for token in catalog.tokens {
            func invalid(_ problem: String) {
                diagnostics.append(
                    ScreenRules.tokenInvalid.diagnostic(problem, at: token.source, path: "token:\(token.name)"))
            }
            if !ColorToken.isValidName(token.name) {
                invalid(
                    "token name \"\(token.name.prefix(80))\" is not dot-separated segments such as brand.primary (each a lowercase letter, then letters and digits; at most 64 characters)"
                )
            }
            if !seen.insert(token.name).inserted { invalid("token \"\(token.name)\" is declared twice") }
            if token.dark == nil {
                diagnostics.append(
                    DesignRules.tokenDarkMissing.diagnostic(
                        "token \"\(token.name)\" declares no dark literal, so dark mode is checked, previewed and compared with \(token.light); declare one (the same literal when the colour does not change)",
                        severity: .warning, at: token.source, path: "token:\(token.name)"))
            }
            for (appearance, literal) in [("light", token.light), ("dark", token.dark)] {
                guard let literal, !ColorToken.isLiteral(literal) else { continue }
                invalid("token \"\(token.name)\" has \(appearance) \"\(literal)\"; a literal is #RRGGBB or #AARRGGBB")
            }
        }
        return diagnostics
    }
}

extension ScreenRules {
    static let tokenUnknown = Rule(
        id: "token-unknown",
        summary: "A colour prop names a token the catalog does not declare: no client could draw it.",
        explanation: """
            A colour prop holds a `#RRGGBB` or `#AARRGGBB` literal or the name of a token in \
            `Catalog.tokens`. Declare the token (with its light and dark literals), fix the name, or \
            use a literal.
            """)
    static let tokenInvalid = Rule(
        id: "token-invalid",
        summary: "A colour token is declared in a way clients cannot rely on.",
        explanation: """
            A token's name is dot-separated segments, each a lowercase letter then letters and digits \
            (`brand.primary`, `text.secondaryLabel`), at most 64 characters, declared once; its light \
            and dark literals are `#RRGGBB` or `#AARRGGBB`.
            """)
}
