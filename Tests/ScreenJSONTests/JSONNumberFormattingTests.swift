import ScreenJSON
import ScreenTestSupport
import Testing

/// The text `appendJSONNumber` produces for `value`, or nil when it refuses.
private func numberText(_ value: Double) -> String? {
    var out: [UInt8] = []
    guard appendJSONNumber(value, to: &out) else {
        return out.isEmpty ? nil : "<appended despite refusing>"
    }
    return String(decoding: out, as: UTF8.self)
}

/// The text `appendJSONInteger` produces for `value`.
private func integerText(_ value: Int) -> String {
    var out: [UInt8] = []
    appendJSONInteger(value, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// True when `text` matches the RFC 8259 number grammar:
/// `[ "-" ] ( "0" / [1-9] *DIGIT ) [ "." 1*DIGIT ] [ ( "e" / "E" ) [ "-" / "+" ] 1*DIGIT ]`.
private func isJSONNumber(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    var index = 0
    func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
    func digits() -> Int {
        let start = index
        while isDigit(index) { index += 1 }
        return index - start
    }
    if index < bytes.count && bytes[index] == 0x2D { index += 1 }
    guard isDigit(index) else { return false }
    if bytes[index] == 0x30 {
        index += 1
    } else {
        _ = digits()
    }
    if index < bytes.count && bytes[index] == 0x2E {
        index += 1
        guard digits() > 0 else { return false }
    }
    if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
        index += 1
        if index < bytes.count && (bytes[index] == 0x2D || bytes[index] == 0x2B) { index += 1 }
        guard digits() > 0 else { return false }
    }
    return index == bytes.count
}

@Suite("JSON number formatting")
struct JSONNumberFormattingTests {
    static let twoTo53: Double = 9_007_199_254_740_992

    /// Values and the exact text they must produce.
    static let table: [(Double, String)] = [
        // Integral values within ±2^53: integers, no fraction.
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (-1.0, "-1"),
        (-3.0, "-3"),
        (9.0, "9"),
        (10.0, "10"),
        (42.0, "42"),
        (-250.0, "-250"),
        (1_000_000.0, "1000000"),
        (1e15, "1000000000000000"),
        (twoTo53 - 1, "9007199254740991"),
        (twoTo53, "9007199254740992"),
        (-twoTo53, "-9007199254740992"),
        // Beyond 2^53: shortest round-trip form.
        (twoTo53 + 2, "9.007199254740994e+15"),
        (-(twoTo53 + 2), "-9.007199254740994e+15"),
        (1e16, "1e+16"),
        (1e20, "1e+20"),
        (1e22, "1e+22"),
        (1.5e300, "1.5e+300"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (-Double.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
        // Fractions.
        (0.1, "0.1"),
        (-0.1, "-0.1"),
        (0.5, "0.5"),
        (1.5, "1.5"),
        (100.5, "100.5"),
        (0.30000000000000004, "0.30000000000000004"),
        (1e15 + 0.5, "1000000000000000.5"),
        (123.456, "123.456"),
        (0.0001, "0.0001"),
        (1e-5, "1e-05"),
        (1e-7, "1e-07"),
        (-1e-7, "-1e-07"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),  // least normal
        // Subnormals.
        (Double.leastNonzeroMagnitude, "5e-324"),
        (-Double.leastNonzeroMagnitude, "-5e-324"),
        (Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), "2.225073858507201e-308"),  // greatest subnormal
    ]

    @Test("exact text, valid JSON, round-trips", arguments: table)
    func formats(value: Double, expected: String) throws {
        let text = try #require(numberText(value))
        #expect(text == expected)
        #expect(isJSONNumber(text), "\(text) is not an RFC 8259 number")
        let parsed = try #require(Double(text))
        if value == 0 {
            #expect(parsed == 0)  // -0.0 is written as 0 on purpose
        } else {
            #expect(parsed.bitPattern == value.bitPattern)
        }
    }

    @Test(arguments: [Double.nan, -Double.nan, Double.signalingNaN, Double.infinity, -Double.infinity])
    func nonFiniteIsRefusedAndAppendsNothing(value: Double) {
        var out: [UInt8] = [0x31]
        #expect(appendJSONNumber(value, to: &out) == false)
        #expect(out == [0x31])
    }

    @Test func randomDoublesAreValidAndRoundTrip() {
        var generator = SplitMix64(seed: PropertyScale.seed(0x5C4E_E4B1_7000_0001))
        for _ in 0..<20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = numberText(value) ?? ""
            #expect(isJSONNumber(text), "\(text) is not an RFC 8259 number")
            #expect(Double(text).map { $0 == value } == true, "\(text) does not round-trip \(value)")
        }
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (9, "9"), (10, "10"), (-1, "-1"), (-9, "-9"), (-10, "-10"), (99, "99"),
        (100, "100"), (123_456_789, "123456789"), (-987_654_321, "-987654321"),
        (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func integers(value: Int, expected: String) {
        #expect(integerText(value) == expected)
        #expect(isJSONNumber(expected))
    }

    @Test func integersMatchDescription() {
        var generator = SplitMix64(seed: PropertyScale.seed(42))
        for _ in 0..<10_000 {
            let value = Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64)
            #expect(integerText(value) == value.description)
        }
    }

    @Test func grammarCheckerRejectsNonJSON() {
        for text in ["", "-", "01", "1.", ".5", "1e", "1e+", "+1", "nan", "inf", "1.0e5x", "0x10"] {
            #expect(!isJSONNumber(text), "\(text)")
        }
        for text in ["0", "-0", "1e-07", "1e+20", "1.5E3", "0.25"] {
            #expect(isJSONNumber(text), "\(text)")
        }
    }
}
