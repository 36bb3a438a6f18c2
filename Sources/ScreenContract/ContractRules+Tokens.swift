import ScreenKit

/// The rules for the design system's colour tokens: a shipped app draws a frozen token from its own
/// Asset Catalog or resources, so a token keeps its name and its meaning for as long as it is installed.
extension ContractRules {
    /// The breaking rules for colour tokens.
    static let tokenBreaking: [Rule] = [tokenRemoved, tokenRenamed]

    /// The allowed, additive rules for colour tokens.
    static let tokenAllowed: [Rule] = [tokenAdded]

    static let tokenRemoved = Rule(
        id: "token-removed",
        summary: "Apps already shipped accept the token in colour props; screens may no longer name it.",
        explanation: """
            A colour token in a frozen contract version is missing from the live catalog. Keep it \
            declared in `Catalog.tokens`; to stop using it, stop naming it in screens. Apps that shipped \
            with it keep its asset, and the contract keeps the promise that its name means that colour.
            """)
    static let tokenRenamed = Rule(
        id: "token-renamed",
        summary: "A token's name is what shipped apps look up: renaming it leaves them without the colour.",
        explanation: """
            A token disappeared and a token with the same light and dark literals appeared: its name \
            changed. Apps that shipped map the frozen name to their asset. Restore the frozen name (the \
            Swift property may keep its new name), or declare the new token beside the old one.
            """)
    static let tokenAdded = Rule(
        id: "token-added",
        summary: "A new colour token: allowed.",
        explanation: """
            Additive change. Variants for versions without it carry the token's light literal in \
            every colour prop that names it.
            """)
}
