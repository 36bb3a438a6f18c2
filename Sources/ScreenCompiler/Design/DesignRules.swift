import ScreenKit

/// The rules comparing the catalog's colour tokens with the app's own colours.
public enum DesignRules {
    /// Every design rule, for `explain` and reports.
    public static let all: [Rule] = [tokenMissingInApp, tokenDiffersInApp, tokenDarkMissing, appColorsInvalid]

    static let tokenMissingInApp = Rule(
        id: "token-missing-in-app",
        summary: "A screen names a colour token the app does not have: clients that know the token draw nothing.",
        explanation: """
            A token used by a screen has no colour in the app's Asset Catalog (iOS) or Android \
            resources, under the name screenkit.json maps it to (`iosColorNames`, `androidColorNames`; \
            by default the token's name in the Asset Catalog and its snake-case form on Android; or \
            separate light and dark names, as Material 3 themes declare them). Add the colour to the \
            app, or map the token to the colour's name.
            """)
    static let tokenDiffersInApp = Rule(
        id: "token-differs-in-app",
        summary: "A token's literal fallback looks different from the app's colour: old and new clients disagree.",
        explanation: """
            Clients whose contract version lacks a token draw its literal; clients that know it draw \
            the app's colour. When the two differ by more than the tolerance (ΔE₀₀, `colorTolerance` \
            in screenkit.json, 2 by default), users see the screen change colour with the app update. \
            Update the token's light or dark literal (an allowed `fallback-changed`), or the app's \
            colour. A warning unless screenkit.json lists the rule in `errors`.
            """)
    static let tokenDarkMissing = Rule(
        id: "token-dark-missing",
        summary: "A token has no dark value: dark mode draws its light colour.",
        explanation: """
            The token declares no dark literal, or the app's colour has no dark appearance (an Asset \
            Catalog colour set without a Dark entry, an Android colour without a `values-night` \
            value). When the app names its dark colours apart (Material 3's `m3_sys_dark_primary`), \
            map the token to both names in screenkit.json: `{"light": "…", "dark": "…"}`. Declare the dark value, the same as the light one when the colour does not change. \
            A warning unless screenkit.json lists the rule in `errors`.
            """)
    static let appColorsInvalid = Rule(
        id: "app-colors-invalid",
        summary: "A file of the app's colours cannot be read: its colours are not compared.",
        explanation: """
            A colour set's `Contents.json` or an Android values file is malformed (a typo in a \
            component, an unclosed tag, a colour declared twice). Fix the file in the app's project; \
            the other colours are still read and compared.
            """)
}
