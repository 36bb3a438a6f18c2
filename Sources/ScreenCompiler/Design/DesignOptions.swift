import ScreenDesign
import ScreenKit

/// The app's own colours the design checks compare the catalog's tokens with: its Asset Catalogs
/// and Android resources, read by the caller, and the name each token has in them.
public struct DesignOptions: Sendable {
    /// The palettes read from the app's resources, one per Asset Catalog or `res` folder.
    public var palettes: [AppPalette]
    /// Per platform, the name of a token's colour where it is not the default (``assetName(of:on:)``).
    public var names: [AppPalette.Platform: [String: String]]
    /// The largest ΔE₀₀ between a token's literal and the app's colour that is not reported.
    public var tolerance: Double

    /// Options comparing the tokens with `palettes`.
    public init(
        palettes: [AppPalette], names: [AppPalette.Platform: [String: String]] = [:],
        tolerance: Double = ColorDifference.defaultTolerance
    ) {
        self.palettes = palettes
        self.names = names
        self.tolerance = tolerance
    }

    /// The name the colour of `token` has on `platform`: the configured one; else, in an Asset
    /// Catalog, the token's own name (`brand.primary`), and in Android resources the token in
    /// snake case (`text.secondaryLabel` → `text_secondary_label`).
    public func assetName(of token: String, on platform: AppPalette.Platform) -> String {
        if let name = names[platform]?[token] { return name }
        switch platform {
        case .iOS: return token
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
            return name
        }
    }
}
