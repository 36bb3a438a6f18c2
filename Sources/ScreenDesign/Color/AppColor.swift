import Foundation

/// A colour as an app declares it: components in its colour space, each 0–1, and an opacity.
public struct AppColor: Sendable, Hashable, CustomStringConvertible {
    /// The colour spaces apps declare colours in.
    public enum Space: String, Sendable, Hashable {
        /// sRGB (Xcode's `srgb`, every Android colour, every `#RRGGBB` literal).
        case sRGB = "srgb"
        /// Display P3 (Xcode's `display-p3`): the same transfer curve, wider primaries.
        case displayP3 = "display-p3"
    }

    /// Opaque white, what the light appearance draws behind a screen.
    public static let white = AppColor(red: 1, green: 1, blue: 1)
    /// Opaque black, what the dark appearance draws behind a screen.
    public static let black = AppColor(red: 0, green: 0, blue: 0)

    /// The colour space of the components.
    public var space: Space
    /// Red, 0–1 (an extended-range colour may exceed it).
    public var red: Double
    /// Green, 0–1.
    public var green: Double
    /// Blue, 0–1.
    public var blue: Double
    /// Opacity, 0–1.
    public var alpha: Double

    /// A colour of `space`.
    public init(space: Space = .sRGB, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.space = space
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour of a ScreenKit literal, `#RRGGBB` or `#AARRGGBB` (opacity first, as Android
    /// writes it), or nil when `literal` is neither.
    public init?(literal: String) {
        self.init(hex: literal, allowShort: false)
    }

    /// The colour of a hex string: `#RRGGBB` or `#AARRGGBB`, and with `allowShort` also Android's
    /// `#RGB` and `#ARGB`.
    init?(hex: String, allowShort: Bool) {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.utf8.first == 0x23 else { return nil }
        var values: [Double] = []
        switch digits.count {
        case 3 where allowShort, 4 where allowShort:
            for digit in digits {
                guard let value = Self.hexValue(digit) else { return nil }
                values.append(Double(value * 17) / 255)
            }
        case 6, 8:
            var index = 0
            while index < digits.count {
                guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
                    return nil
                }
                values.append(Double(high * 16 + low) / 255)
                index += 2
            }
        default:
            return nil
        }
        if values.count == 4 {
            self.init(red: values[1], green: values[2], blue: values[3], alpha: values[0])
        } else {
            self.init(red: values[0], green: values[1], blue: values[2])
        }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// The colour in sRGB (a Display P3 colour converted, possibly outside 0–1 when out of gamut).
    public var sRGB: AppColor {
        guard space == .displayP3 else { return self }
        let linear = ColorMath.multiply(
            ColorMath.xyzToLinearSRGB, ColorMath.multiply(ColorMath.linearP3ToXYZ, linearComponents))
        return AppColor(
            red: ColorMath.encode(linear[0]), green: ColorMath.encode(linear[1]), blue: ColorMath.encode(linear[2]),
            alpha: alpha)
    }

    /// The components with the transfer curve undone.
    var linearComponents: [Double] { [red, green, blue].map(ColorMath.decode) }

    /// CIE XYZ, D65, Y of white 1.
    public var xyz: [Double] {
        ColorMath.multiply(space == .sRGB ? ColorMath.linearSRGBToXYZ : ColorMath.linearP3ToXYZ, linearComponents)
    }

    /// `#RRGGBB`, or `#AARRGGBB` when not opaque, of the colour in sRGB (components clamped and rounded).
    public var hex: String {
        let color = sRGB
        func byte(_ value: Double) -> String {
            let clamped = Int((min(max(value, 0), 1) * 255).rounded())
            let text = String(clamped, radix: 16, uppercase: true)
            return clamped < 16 ? "0" + text : text
        }
        let rgb = byte(color.red) + byte(color.green) + byte(color.blue)
        return alpha >= 0.9995 ? "#" + rgb : "#" + byte(alpha) + rgb
    }

    /// The hex form, and the colour space when it is not sRGB.
    public var description: String { space == .sRGB ? hex : "\(hex) (from \(space.rawValue))" }

    /// This colour drawn over the opaque `background`, as the screen shows it: opaque.
    public func composited(over background: AppColor) -> AppColor {
        let top = sRGB
        let bottom = background.sRGB
        guard alpha < 1 else { return top }
        func mix(_ a: Double, _ b: Double) -> Double { a * alpha + b * (1 - alpha) }
        return AppColor(
            red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }
}

/// Transfer curves and matrices of sRGB and Display P3 (both D65).
enum ColorMath {
    static let linearSRGBToXYZ: [[Double]] = [
        [0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041],
    ]
    static let xyzToLinearSRGB: [[Double]] = [
        [3.2404542, -1.5371385, -0.4985314], [-0.9692660, 1.8760108, 0.0415560], [0.0556434, -0.2040259, 1.0572252],
    ]
    static let linearP3ToXYZ: [[Double]] = [
        [0.4865709, 0.2656677, 0.1982173], [0.2289746, 0.6917385, 0.0792869], [0.0000000, 0.0451134, 1.0439444],
    ]

    static func multiply(_ matrix: [[Double]], _ vector: [Double]) -> [Double] {
        matrix.map { row in row[0] * vector[0] + row[1] * vector[1] + row[2] * vector[2] }
    }

    /// The sRGB (and Display P3) transfer curve undone, sign kept for extended values.
    static func decode(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// The transfer curve applied.
    static func encode(_ value: Double) -> Double {
        let magnitude = abs(value)
        let encoded = magnitude <= 0.0031308 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return value < 0 ? -encoded : encoded
    }
}
