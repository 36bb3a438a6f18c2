import Foundation

/// WCAG 2.2 contrast: relative luminance and the contrast ratio of text over its background.
public enum Contrast {
    /// The least ratio of text in WCAG 2.2 AA (success criterion 1.4.3).
    public static let minimumForText = 4.5
    /// The least ratio of large text (at least 18 pt, or 14 pt bold).
    public static let minimumForLargeText = 3.0

    /// The relative luminance of an opaque sRGB colour, as WCAG 2.2 defines it (0 black, 1 white).
    /// A Display P3 colour is converted to sRGB first.
    public static func relativeLuminance(_ color: AppColor) -> Double {
        let srgb = color.sRGB
        // WCAG's own constants: the 0.03928 threshold gives the same result as 0.04045 for every
        // 8-bit value.
        func channel(_ value: Double) -> Double {
            value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(srgb.red) + 0.7152 * channel(srgb.green) + 0.0722 * channel(srgb.blue)
    }

    /// The contrast ratio, 1 to 21, of `foreground` drawn over `background` (each composited over
    /// what lies below it first when not opaque).
    public static func ratio(_ foreground: AppColor, on background: AppColor) -> Double {
        let top = foreground.composited(over: background)
        let first = relativeLuminance(top)
        let second = relativeLuminance(background.sRGB)
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
