import Foundation
import ScreenJSON
import ScreenTestSupport
import Testing

/// The escaped literal `appendJSONString` produces for `value`, as bytes.
private func escaped(_ value: String) -> [UInt8] {
    var out: [UInt8] = []
    appendJSONString(value, to: &out)
    return out
}

/// An independent, scalar-by-scalar statement of the escaping rules, to check the fast escaper against.
private func referenceEscaped(_ value: String) -> [UInt8] {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x22: out += #"\""#
        case 0x5C: out += #"\\"#
        case 0x08: out += #"\b"#
        case 0x0C: out += #"\f"#
        case 0x0A: out += #"\n"#
        case 0x0D: out += #"\r"#
        case 0x09: out += #"\t"#
        case 0x00..<0x20:
            let hex = String(scalar.value, radix: 16)
            out += #"\u00"# + (hex.count == 1 ? "0" + hex : hex)
        case 0x2028: out += #"\u2028"#
        case 0x2029: out += #"\u2029"#
        default: out.unicodeScalars.append(scalar)
        }
    }
    out += "\""
    return Array(out.utf8)
}

/// Scalars that exercise every branch: each special, near misses, and 1- to 4-byte UTF-8.
private let interestingScalars: [Unicode.Scalar] = [
    "a", "Z", " ", "/", "\u{7F}", "\"", "\\", "\u{0}", "\u{1}", "\u{8}", "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{1F}",
    "é", "\u{301}", "日", "€", "\u{2000}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{20AC}", "\u{E000}",
    "\u{FFFF}", "😀", "\u{10FFFF}",
]

/// `body` wrapped in double quotes, as bytes.
private func quoted(_ body: [UInt8]) -> [UInt8] {
    [0x22] + body + [0x22]
}

@Suite("JSON string escaping")
struct JSONEscapingTests {
    /// Every code point U+0000...U+0020 and the exact escape text it must produce.
    static let controlTable: [(UInt32, String)] = [
        (0x00, #"\u0000"#),
        (0x01, #"\u0001"#),
        (0x02, #"\u0002"#),
        (0x03, #"\u0003"#),
        (0x04, #"\u0004"#),
        (0x05, #"\u0005"#),
        (0x06, #"\u0006"#),
        (0x07, #"\u0007"#),
        (0x08, #"\b"#),
        (0x09, #"\t"#),
        (0x0A, #"\n"#),
        (0x0B, #"\u000b"#),
        (0x0C, #"\f"#),
        (0x0D, #"\r"#),
        (0x0E, #"\u000e"#),
        (0x0F, #"\u000f"#),
        (0x10, #"\u0010"#),
        (0x11, #"\u0011"#),
        (0x12, #"\u0012"#),
        (0x13, #"\u0013"#),
        (0x14, #"\u0014"#),
        (0x15, #"\u0015"#),
        (0x16, #"\u0016"#),
        (0x17, #"\u0017"#),
        (0x18, #"\u0018"#),
        (0x19, #"\u0019"#),
        (0x1A, #"\u001a"#),
        (0x1B, #"\u001b"#),
        (0x1C, #"\u001c"#),
        (0x1D, #"\u001d"#),
        (0x1E, #"\u001e"#),
        (0x1F, #"\u001f"#),
        (0x20, #" "#),
    ]

    @Test("U+0000...U+0020 each escape exactly", arguments: controlTable)
    func controlCharacter(codePoint: UInt32, expected: String) throws {
        let scalar = try #require(Unicode.Scalar(codePoint))
        #expect(escaped(String(Character(scalar))) == quoted(Array(expected.utf8)))
    }

    @Test func controlTableCoversEveryCodePointOnce() {
        #expect(Self.controlTable.map(\.0) == Array(0...0x20))
    }

    @Test func quoteAndBackslash() {
        #expect(escaped("\"") == [0x22, 0x5C, 0x22, 0x22])
        #expect(escaped("\\") == [0x22, 0x5C, 0x5C, 0x22])
        #expect(escaped(#"a"b\c"#) == quoted(Array(#"a\"b\\c"#.utf8)))
    }

    @Test func asciiThatIsNotEscaped() {
        #expect(escaped("/") == [0x22, 0x2F, 0x22])
        #expect(escaped("\u{7F}") == [0x22, 0x7F, 0x22])
        #expect(
            escaped("!#$%&'()*+,-./0123456789:;<=>?@AZ[]^_`az{|}~")
                == quoted(Array("!#$%&'()*+,-./0123456789:;<=>?@AZ[]^_`az{|}~".utf8)))
    }

    @Test func lineAndParagraphSeparators() {
        #expect(escaped("\u{2028}") == quoted(Array(#"\u2028"#.utf8)))
        #expect(escaped("\u{2029}") == quoted(Array(#"\u2029"#.utf8)))
        #expect(escaped("a\u{2028}b\u{2029}c") == quoted(Array(#"a\u2028b\u2029c"#.utf8)))
        #expect(escaped("\u{2028}\u{2029}\u{2028}") == quoted(Array(#"\u2028\u2029\u2028"#.utf8)))
    }

    @Test func neighboursOfTheSeparatorsAreCopied() {
        #expect(escaped("\u{2027}") == [0x22, 0xE2, 0x80, 0xA7, 0x22])
        #expect(escaped("\u{202A}") == [0x22, 0xE2, 0x80, 0xAA, 0x22])
        #expect(escaped("€") == [0x22, 0xE2, 0x82, 0xAC, 0x22])  // U+20AC, also starts with E2
        let around: [UInt8] = [0x22, 0xE2, 0x80, 0xA7] + Array(#"\u2028"#.utf8) + [0xE2, 0x80, 0xAA, 0x22]
        #expect(escaped("\u{2027}\u{2028}\u{202A}") == around)
    }

    @Test func nonASCIIIsCopiedAsUTF8() {
        #expect(escaped("é") == [0x22, 0xC3, 0xA9, 0x22])
        #expect(escaped("e\u{301}") == [0x22, 0x65, 0xCC, 0x81, 0x22])  // combining acute accent
        #expect(escaped("日本") == [0x22, 0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0x22])
        #expect(escaped("😀") == [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])
        #expect(escaped("👩🏽‍💻") == quoted(Array("👩🏽‍💻".utf8)))
    }

    @Test func emptyString() {
        #expect(escaped("") == [0x22, 0x22])
    }

    @Test func mixedString() {
        let input = "Héllo \"wörld\"\n\t\\ 日本 😀\u{0}\u{1F}\u{2028}/\u{7F}end"
        let expected: [UInt8] =
            Array(#""H"#.utf8) + [0xC3, 0xA9] + Array(#"llo \"w"#.utf8) + [0xC3, 0xB6]
            + Array(#"rld\"\n\t\\ "#.utf8) + [0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0x20, 0xF0, 0x9F, 0x98, 0x80]
            + Array(#"\u0000\u001f\u2028/"#.utf8) + [0x7F] + Array(#"end""#.utf8)
        #expect(escaped(input) == expected)
    }

    @Test func longCleanRunsAroundEscapes() {
        let clean = String(repeating: "abcdefghij", count: 100)
        let input = clean + "\n" + clean + "\"" + clean
        #expect(escaped(input) == quoted(Array((clean + #"\n"# + clean + #"\""# + clean).utf8)))
    }

    @Test func smallAndLargeStringsAgree() {
        // Small (inline) and heap-allocated strings take different storage paths.
        for length in [0, 1, 14, 15, 16, 31, 32, 100] {
            let text = String(repeating: "\u{1}", count: length)
            #expect(escaped(text) == quoted(Array(repeating: Array(#"\u0001"#.utf8), count: length).flatMap { $0 }))
        }
    }

    @Test func everySpecialAtEveryOffsetAroundWordBoundaries() {
        // The escaper scans 8 bytes at a time: put each special at every position of strings of
        // every length up to 24 bytes, so it lands at the start, middle and end of words and tails.
        let specials: [Unicode.Scalar] = [
            "\"", "\\", "\u{0}", "\n", "\u{1F}", "\u{2028}", "\u{2029}", "€", "\u{2027}", "é", "😀",
        ]
        for special in specials {
            for padding in 0...24 {
                for offset in 0...padding {
                    var scalars = String.UnicodeScalarView()
                    scalars.append(contentsOf: repeatElement("a", count: offset))
                    scalars.append(special)
                    scalars.append(contentsOf: repeatElement("b", count: padding - offset))
                    let text = String(scalars)
                    #expect(
                        escaped(text) == referenceEscaped(text),
                        "\(special.escaped(asASCII: true)) at \(offset) of \(padding)")
                }
            }
        }
    }

    @Test func randomStringsMatchTheReferenceRules() {
        var random = SplitMix64(seed: PropertyScale.seed(2028))
        for _ in 0..<5_000 {
            let length = Int(random.next() % 48)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                // Mostly plain letters, so clean 8-byte words occur too.
                let pick = Int(random.next() % UInt64(interestingScalars.count * 2))
                scalars.append(pick < interestingScalars.count ? interestingScalars[pick] : "x")
            }
            let text = String(scalars)
            #expect(escaped(text) == referenceEscaped(text))
        }
    }

    @Test func longStrings() {
        // Long enough for the writer's measure-first path (over 4096 bytes) and bulk copies.
        let clean = String(repeating: "0123456789abcdef", count: 600)
        #expect(escaped(clean) == quoted(Array(clean.utf8)))
        let mixed = String(repeating: "ab\"c\u{2028}d€\n", count: 1_000)
        #expect(escaped(mixed) == referenceEscaped(mixed))
    }

    @Test func appendsWithoutDisturbingExistingBytes() {
        var out: [UInt8] = [0x41]
        appendJSONString("b", to: &out)
        #expect(out == [0x41, 0x22, 0x62, 0x22])
    }

    @Test func everyBMPScalarAndSomeAstralOnesRoundTripThroughAJSONParser() throws {
        var scalars: [Unicode.Scalar] = (0...0xFFFF).compactMap { Unicode.Scalar(UInt32($0)) }
        scalars += [0x10000, 0x1F600, 0x10FFFF].compactMap { Unicode.Scalar(UInt32($0)) }
        let strings = stride(from: 0, to: scalars.count, by: 64).map { start in
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[start..<min(start + 64, scalars.count)])
            return String(text)
        }
        var out: [UInt8] = [0x5B]
        for (index, text) in strings.enumerated() {
            if index > 0 { out.append(0x2C) }
            appendJSONString(text, to: &out)
        }
        out.append(0x5D)
        let decoded = try JSONDecoder().decode([String].self, from: Data(out))
        #expect(decoded.count == strings.count)
        for (left, right) in zip(decoded, strings) {
            #expect(Array(left.unicodeScalars) == Array(right.unicodeScalars))
        }
    }
}
