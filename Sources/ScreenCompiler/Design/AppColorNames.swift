import ScreenDesign

/// The name of one token's colour in an app: one name whose colour carries both appearances (an
/// Asset Catalog colour set with a Dark entry, an Android colour with a `values-night` value), or
/// separate light and dark names, as Material 3 themes declare them (`m3_sys_light_primary`,
/// `m3_sys_dark_primary`).
public struct AppColorName: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The colour's name, or its light colour's when ``dark`` is set.
    public var light: String
    /// The dark colour's own name; nil when the colour named ``light`` carries its dark appearance.
    public var dark: String?

    /// A name, with a separate dark name or none.
    public init(light: String, dark: String? = nil) {
        self.light = light
        self.dark = dark
    }

    /// One name for both appearances.
    public init(stringLiteral value: String) { self.init(light: value) }
}

/// Per platform, the name each token's colour has in the app where it is not the default
/// (``name(of:on:)``): what `screenkit.json`'s `iosColorNames` and `androidColorNames` say.
public struct AppColorNames: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The configured names, per platform, by token.
    public var configured: [AppPalette.Platform: [String: AppColorName]]

    /// Names as configured.
    public init(_ configured: [AppPalette.Platform: [String: AppColorName]] = [:]) { self.configured = configured }

    /// Names as configured, from a literal.
    public init(dictionaryLiteral elements: (AppPalette.Platform, [String: AppColorName])...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    /// The name the colour of `token` has on `platform`: the configured one; else, in an Asset
    /// Catalog, the token's own name (`brand.primary`), and in Android resources the token in
    /// snake case (`text.secondaryLabel` → `text_secondary_label`).
    public func name(of token: String, on platform: AppPalette.Platform) -> AppColorName {
        if let name = configured[platform]?[token] { return name }
        switch platform {
        case .iOS: return AppColorName(light: token)
        case .android:
            var name = ""
            for character in token {
                if character == "." {
                    name.append("_")
                } else if character.isUppercase {
                    name.append("_")
                    name.append(contentsOf: character.lowercased())
                } else {
                    name.append(character)
                }
            }
            return AppColorName(light: name)
        }
    }
}
