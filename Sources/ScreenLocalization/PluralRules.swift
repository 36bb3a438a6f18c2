/// A locale's CLDR cardinal plural rules: which `PluralCategory` a number takes ("1 order",
/// "2 orders"; Polish "1 zamówienie", "2 zamówienia", "5 zamówień").
///
/// The rules are CLDR's own rule strings (`CLDRPluralRuleData.swift`, generated from CLDR
/// `cldrVersion`), each locale's parsed once, on first use.
public struct PluralRules: Sendable {
    /// The CLDR locale whose rules these are, such as `de`, `pt` or `pt_PT`.
    public let locale: String
    /// The rules in CLDR's category order and syntax, without samples: `one: i = 1 and v = 0`.
    public let ruleTexts: [String]
    private let conditions: [(category: PluralCategory, condition: PluralCondition)]

    /// The categories the locale uses (`other` always among them).
    public var categories: Set<PluralCategory> { Set(conditions.map(\.category)).union([.other]) }

    /// The category of `number`: the first of CLDR's rules it satisfies, else `other`.
    public func category(for number: PluralOperands) -> PluralCategory {
        conditions.first { $0.condition.matches(number) }?.category ?? .other
    }

    /// The category of the integer `number`.
    public func category(for number: Int) -> PluralCategory { category(for: PluralOperands(number)) }

    /// Every CLDR locale with rules here, as CLDR names it (`de`, `pt_PT`), sorted.
    public static let supportedLocales: [String] = table.keys.sorted()

    /// The rules for a BCP 47 or CLDR locale identifier (`de`, `de-AT`, `pt_BR`, `zh-Hant-TW`), or
    /// nil for a language CLDR has no plural rules for and for a malformed identifier (at most 35
    /// characters: ASCII letters, digits, `-` and `_`).
    ///
    /// Like CLDR's inheritance, a locale without rules of its own takes its language's: `de-AT`
    /// is `de`, `pt-BR` is `pt`; `pt-PT` (and `pt-AO`, whose CLDR parent is `pt_PT`) have their own.
    public static func forLocale(_ identifier: String) -> PluralRules? {
        guard (1...35).contains(identifier.utf8.count),
            identifier.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || isAlphanumeric($0) })
        else { return nil }
        let subtags = identifier.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard subtags.allSatisfy({ !$0.isEmpty }) else { return nil }
        let language = subtags[0].lowercased()
        guard [2, 3].contains(language.count) || (5...8).contains(language.count),
            language.utf8.allSatisfy({ isLetter($0) })
        else { return nil }
        let region = subtags.dropFirst().first {
            ($0.count == 2 && $0.utf8.allSatisfy(isLetter)) || ($0.count == 3 && $0.utf8.allSatisfy(isDigit))
        }
        if let region, let rules = table["\(language)_\(region.uppercased())"] { return rules }
        return table[language]
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    /// Every locale's rules, parsed once from `ruleSets`. The data is this module's own and is
    /// tested, so a rule that does not parse is a build defect.
    static let table: [String: PluralRules] = {
        var table: [String: PluralRules] = [:]
        for (locales, texts) in ruleSets {
            let conditions = texts.map { text in
                do {
                    return try parseRule(text)
                } catch {
                    preconditionFailure("CLDR plural rule \(text): \(error)")
                }
            }
            for locale in locales.split(separator: " ") {
                precondition(table[String(locale)] == nil, "CLDR plural rules for \(locale) twice")
                table[String(locale)] = PluralRules(locale: String(locale), ruleTexts: texts, conditions: conditions)
            }
        }
        return table
    }()

    /// Parses `category: condition`.
    static func parseRule(_ text: String) throws(PluralCondition.SyntaxError) -> (PluralCategory, PluralCondition) {
        guard let colon = text.firstIndex(of: ":"),
            let category = PluralCategory(rawValue: String(text[..<colon]).trimmingSpaces)
        else { throw PluralCondition.SyntaxError(description: "expected a category and a colon in \(text)") }
        let condition = try PluralCondition(parsing: String(text[text.index(after: colon)...]))
        guard category == .other || !condition.alternatives.isEmpty else {
            throw PluralCondition.SyntaxError(description: "no condition for \(category) in \(text)")
        }
        return (category, condition)
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
