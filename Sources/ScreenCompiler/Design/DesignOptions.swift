import ScreenDesign
import ScreenKit

/// The app's own colours the design checks compare the catalog's tokens with: its Asset Catalogs
/// and Android resources, read by the caller, and the name each token has in them.
public struct DesignOptions: Sendable {
    /// The palettes read from the app's resources, one per Asset Catalog or `res` folder.
    public var palettes: [AppPalette]
    /// Per platform, the name of each token's colour where it is not the default
    /// (``AppColorNames/name(of:on:)``).
    public var names: AppColorNames
    /// The largest ΔE₀₀ between a token's literal and the app's colour that is not reported.
    public var tolerance: Double

    /// Options comparing the tokens with `palettes`.
    public init(
        palettes: [AppPalette], names: AppColorNames = [:], tolerance: Double = ColorDifference.defaultTolerance
    ) {
        self.palettes = palettes
        self.names = names
        self.tolerance = tolerance
    }

    /// The name (or light name) the colour of `token` has on `platform` (``AppColorNames/name(of:on:)``).
    public func assetName(of token: String, on platform: AppPalette.Platform) -> String {
        names.name(of: token, on: platform).light
    }
}
