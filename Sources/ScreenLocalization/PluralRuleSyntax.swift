/// A parsed CLDR plural rule condition (UTS #35, Language Plural Rules), such as
/// `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`: `or` of `and` of relations.
///
/// Only the modern syntax CLDR's data uses: operands `n i v w f t c e`, `%`, `=`, `!=`, ranges
/// `a..b` and lists `a,b..c`, `and`, `or`. Anything from `@` on (CLDR's samples) is ignored.
/// It reads only the rules embedded in this module, never outside input.
struct PluralCondition: Sendable, Equatable {
    /// An operand a relation reads.
    enum Operand: String, Sendable {
        case n, i, v, w, f, t, c, e
    }

    /// `operand [% modulus] (= | !=) ranges`.
    struct Relation: Sendable, Equatable {
        var operand: Operand
        var modulus: UInt64?
        var negated: Bool
        var ranges: [ClosedRange<UInt64>]
    }

    /// Alternatives (`or`), each a conjunction (`and`); empty for a rule without a condition.
    var alternatives: [[Relation]]

    /// Why a rule did not parse, with where.
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Parses `text` (its samples, from `@` on, ignored).
    init(parsing text: String) throws(SyntaxError) {
        var tokens = try Self.tokenize(String(text.prefix { $0 != "@" }))[...]
        alternatives = []
        if tokens.isEmpty { return }
        func next() -> Token? { tokens.popFirst() }
        func number() throws(SyntaxError) -> UInt64 {
            guard case .number(let value) = next() else {
                throw SyntaxError(description: "expected a number in \(text)")
            }
            return value
        }
        while true {
            var conjunction: [Relation] = []
            while true {
                guard case .operand(let operand) = next() else {
                    throw SyntaxError(description: "expected an operand in \(text)")
                }
                var modulus: UInt64?
                var token = next()
                if token == .percent {
                    let value = try number()
                    guard value > 0 else { throw SyntaxError(description: "modulus 0 in \(text)") }
                    modulus = value
                    token = next()
                }
                guard token == .equals || token == .notEquals else {
                    throw SyntaxError(description: "expected = or != in \(text)")
                }
                var ranges: [ClosedRange<UInt64>] = []
                repeat {
                    let low = try number()
                    var high = low
                    if tokens.first == .ellipsis {
                        _ = next()
                        high = try number()
                    }
                    guard low <= high else { throw SyntaxError(description: "empty range \(low)..\(high) in \(text)") }
                    ranges.append(low...high)
                } while tokens.first == .comma && next() != nil
                conjunction.append(
                    Relation(operand: operand, modulus: modulus, negated: token == .notEquals, ranges: ranges))
                guard tokens.first == .and else { break }
                _ = next()
            }
            alternatives.append(conjunction)
            guard let token = next() else { return }
            guard token == .or else { throw SyntaxError(description: "expected and, or or the end in \(text)") }
        }
    }

    private enum Token: Equatable {
        case operand(Operand)
        case number(UInt64)
        case percent, equals, notEquals, ellipsis, comma, and, or
    }

    private static func tokenize(_ text: String) throws(SyntaxError) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == " " {
                rest = rest.dropFirst()
            } else if first.isASCII, first.isNumber {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard let value = UInt64(digits) else { throw SyntaxError(description: "number too large in \(text)") }
                tokens.append(.number(value))
                rest = rest.dropFirst(digits.count)
            } else if first.isLetter {
                let word = rest.prefix { $0.isLetter }
                switch word {
                case "and": tokens.append(.and)
                case "or": tokens.append(.or)
                default:
                    guard word.count == 1, let operand = Operand(rawValue: String(word)) else {
                        throw SyntaxError(description: "unknown word \(word) in \(text)")
                    }
                    tokens.append(.operand(operand))
                }
                rest = rest.dropFirst(word.count)
            } else if rest.hasPrefix("!=") {
                tokens.append(.notEquals)
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("..") {
                tokens.append(.ellipsis)
                rest = rest.dropFirst(2)
            } else if first == "=" || first == "%" || first == "," {
                tokens.append(first == "=" ? .equals : first == "%" ? .percent : .comma)
                rest = rest.dropFirst()
            } else {
                throw SyntaxError(description: "unexpected \(first) in \(text)")
            }
        }
        return tokens
    }

    /// Whether `operands` satisfy the condition (an empty condition never does: it is `other`'s).
    func matches(_ operands: PluralOperands) -> Bool {
        alternatives.contains { conjunction in conjunction.allSatisfy { $0.matches(operands) } }
    }
}

extension PluralCondition.Relation {
    /// Whether the relation holds. `n` is a decimal: it equals an integer of a range only when its
    /// visible fraction is zero (`1.0` is in `0..1`, `1.5` is not), and `n % m` keeps the fraction.
    func matches(_ operands: PluralOperands) -> Bool {
        let value: UInt64
        var integral = true
        switch operand {
        case .n:
            value = operands.integerDigits
            integral = operands.fractionDigits == 0
        case .i: value = operands.integerDigits
        case .v: value = UInt64(operands.visibleFractionDigitCount)
        case .w: value = UInt64(operands.fractionDigitCountWithoutTrailingZeros)
        case .f: value = operands.fractionDigits
        case .t: value = operands.fractionDigitsWithoutTrailingZeros
        case .c, .e: value = UInt64(operands.exponent)
        }
        let reduced = modulus.map { value % $0 } ?? value
        let inRanges = integral && ranges.contains { $0.contains(reduced) }
        return inRanges != negated
    }
}
