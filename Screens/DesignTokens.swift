import ScreenKit

/// The shop's colour tokens: the colours of its Asset Catalog and Android resources that screens
/// name (see screenkit.json's `assetCatalogs` and `androidResources`). Frozen in contract version 4;
/// older clients receive each token's light literal, the colour they drew before.
extension ColorToken {
    /// Secondary text: subtitles and hints.
    public static let textSecondary = ColorToken(
        "text.secondary", light: "#6B7280", dark: "#9CA3AF", meaning: "secondary text: subtitles and hints")
    /// Warnings such as a low-stock badge.
    public static let accentWarning = ColorToken(
        "accent.warning", light: "#FFB45309", dark: "#FFF59E0B", meaning: "warnings, such as a low-stock badge")
    /// Hairlines between rows.
    public static let separator = ColorToken(
        "separator", light: "#E5E7EB", dark: "#38383A", meaning: "hairlines between rows")

    /// Every token of the shop.
    static let shop: [ColorToken] = [.textSecondary, .accentWarning, .separator]
}
