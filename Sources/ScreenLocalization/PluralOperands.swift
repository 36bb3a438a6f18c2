/// The operands CLDR's plural rules read from a number as it is shown: `1` and `1.0` differ
/// (English says "1 order" but "1.0 orders"), so a decimal keeps its visible fraction digits.
///
/// For `-12.50`: n = 12.5, i = 12, v = 2, w = 1, f = 50, t = 5, e = c = 0. A compact exponent
/// (`1.2c6`, "1.2M") moves digits into the integer part: n = i = 1200000, v = 0, e = c = 6.
public struct PluralOperands: Sendable, Hashable, CustomStringConvertible {
    /// `i`: the integer digits of the absolute value.
    public let integerDigits: UInt64
    /// `f`: the visible fraction digits as a number, trailing zeros included (`50` for `1.50`).
    public let fractionDigits: UInt64
    /// `v`: how many fraction digits are visible, trailing zeros included (`2` for `1.50`).
    public let visibleFractionDigitCount: Int
    /// `e` (and its synonym `c`): the compact decimal exponent, 0 unless written as `1.2c6`.
    public let exponent: Int

    /// The most fraction digits (`v`) a decimal string may show.
    public static let maximumFractionDigits = 18
    /// The largest exponent a decimal string may give (`c`/`e`).
    public static let maximumExponent = 18

    /// The operands of an integer: its absolute value, no fraction digits.
    public init(_ value: Int) {
        integerDigits = value.magnitude.toUInt64
        fractionDigits = 0
        visibleFractionDigitCount = 0
        exponent = 0
    }

    /// The operands of a decimal as shown, such as `"1"`, `"-1.50"` or `"1.2c6"` (ASCII digits, an
    /// optional leading `-`, an optional `.` with at least one digit after it, an optional `c` or
    /// `e` exponent); nil for anything else, or beyond `UInt64` or the maximums.
    public init?(_ decimal: String) {
        var text = Substring(decimal)
        guard text.utf8.count <= 64 else { return nil }
        if text.first == "-" { text = text.dropFirst() }
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            let digits = text[text.index(after: marker)...]
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), digits.count <= 2, let value = Int(digits),
                value <= Self.maximumExponent
            else { return nil }
            exponent = value
            text = text[..<marker]
        }
        var integer = text
        var fraction = Substring("")
        if let point = text.firstIndex(of: ".") {
            integer = text[..<point]
            fraction = text[text.index(after: point)...]
            guard !fraction.isEmpty else { return nil }
        }
        guard !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        // The exponent moves fraction digits (then zeros) into the integer part.
        let moved = min(exponent, fraction.count)
        var integerText = String(integer) + fraction.prefix(moved) + String(repeating: "0", count: exponent - moved)
        fraction = fraction.dropFirst(moved)
        guard fraction.count <= Self.maximumFractionDigits else { return nil }
        while integerText.count > 1, integerText.first == "0" { integerText.removeFirst() }
        guard let i = UInt64(integerText), let f = fraction.isEmpty ? 0 : UInt64(fraction) else { return nil }
        integerDigits = i
        fractionDigits = f
        visibleFractionDigitCount = fraction.count
        self.exponent = exponent
    }

    /// `t`: the visible fraction digits without trailing zeros (`5` for `1.50`).
    public var fractionDigitsWithoutTrailingZeros: UInt64 {
        var t = fractionDigits
        while t != 0, t % 10 == 0 { t /= 10 }
        return t
    }

    /// `w`: how many fraction digits are visible without trailing zeros (`1` for `1.50`).
    public var fractionDigitCountWithoutTrailingZeros: Int {
        guard fractionDigits != 0 else { return 0 }
        var count = visibleFractionDigitCount
        var f = fractionDigits
        while f % 10 == 0 {
            f /= 10
            count -= 1
        }
        return count
    }

    /// The absolute value as shown, such as `12.50` or `1200000` (the exponent applied).
    public var description: String {
        guard visibleFractionDigitCount > 0 else { return String(integerDigits) }
        let digits = String(fractionDigits)
        return "\(integerDigits).\(String(repeating: "0", count: visibleFractionDigitCount - digits.count))\(digits)"
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
