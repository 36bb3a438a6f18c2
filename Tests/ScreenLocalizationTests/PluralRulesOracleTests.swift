import Foundation
import ScreenTestSupport
import Testing

@testable import ScreenLocalization

/// The Swift rules against an independent implementation: Python Babel's (`Tests/Support/
/// plural_oracle.py`), run on Babel's bundled copy of the same CLDR release, for every locale
/// Babel knows and every number of `numbers`.
@Suite(.integration("Babel")) struct PluralRulesOracleTests {
    /// 0…200, larger integers around CLDR's boundaries, negatives, and decimals whose visible
    /// fraction digits matter (`1` and `1.0`, `2.1` and `2.10`).
    static let numbers: [String] =
        (0...200).map(String.init)
        + [
            "1000", "1001", "10000", "100000", "1000000", "1000001", "2000000", "10000000", "-1", "-2", "-5", "-21",
        ]
        + [
            "0.0", "0.00", "0.1", "0.01", "0.5", "1.0", "1.00", "1.000", "1.1", "1.01", "1.5", "1.50", "2.0", "2.1",
            "2.10", "2.2", "2.5", "3.0", "3.4", "4.3", "5.0", "10.1", "11.0", "11.1", "11.11", "12.2", "12.5", "21.1",
            "22.2", "100.0", "101.1", "1000000.0", "0.11", "0.21", "1.11", "1.12", "0.04", "0.4", "0.6", "0.9", "1.9",
            "-1.5", "-1.0",
        ]

    /// Runs `script` with `arguments` on the provisioned interpreter.
    static func runScript(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let python = try TestPython.interpreter.get()
        return TestPython.run(python, [TestPython.supportFolder.appendingPathComponent(script).path] + arguments)
    }

    @Test func everyLocaleAndNumberAgreesWithBabel() throws {
        let (status, output) = try Self.runScript("plural_oracle.py", Self.numbers)
        #expect(status == 0, "\(output.suffix(2000))")
        var lines = output.split(separator: "\n")[...]
        let header = "babel \(PluralRules.babelVersion) cldr \(PluralRules.cldrVersion)"
        try #require(lines.first.map(String.init) == header, "the oracle's Babel differs: \(lines.first ?? "")")
        lines = lines.dropFirst()
        let operands = try Self.numbers.map { try #require(PluralOperands($0), "\($0)") }
        var compared = 0
        var withRules = 0
        var languagesWithoutRules: Set<String> = []
        var mismatches: [String] = []
        var covered: Set<String> = []
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            try #require(fields.count == 2, "\(line)")
            let identifier = String(fields[0])
            let expected = fields[1].split(separator: " ").map(String.init)
            try #require(expected.count == Self.numbers.count, "\(identifier)")
            guard let rules = PluralRules.forLocale(identifier) else {
                // No CLDR rules for the language: Babel falls back to root's (all `other`).
                let language = String(identifier.prefix { $0 != "_" })
                #expect(expected.allSatisfy { $0 == "other" }, "\(identifier) has rules in Babel, none here")
                #expect(!PluralRules.supportedLocales.contains(language) || identifier == "root", "\(identifier)")
                languagesWithoutRules.insert(language)
                continue
            }
            withRules += 1
            covered.insert(rules.locale)
            for (index, category) in expected.enumerated() {
                let actual = rules.category(for: operands[index]).rawValue
                compared += 1
                if actual != category {
                    mismatches.append("\(identifier) \(Self.numbers[index]): Babel \(category), ScreenKit \(actual)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(30).joined(separator: "\n"))")
        // Every embedded locale is one Babel knows, and was compared.
        #expect(
            covered == Set(PluralRules.supportedLocales), "\(Set(PluralRules.supportedLocales).subtracting(covered))")
        #expect(withRules > 800 && compared > 200_000, "\(withRules) locales, \(compared) comparisons")
        print(
            "plural oracle: \(withRules) Babel locales with rules, \(compared) comparisons, \(mismatches.count) mismatches; "
                + "\(languagesWithoutRules.count) languages without CLDR plural rules"
        )
    }

    @Test func theEmbeddedRulesAreWhatTheGeneratorWrites() throws {
        let (status, output) = try Self.runScript("generate_plural_rules.py", [])
        #expect(status == 0, "\(output.suffix(2000))")
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ScreenLocalization/CLDRPluralRuleData.swift")
        let text = try String(contentsOf: committed, encoding: .utf8)
        #expect(output == text, "regenerate: python3 Tests/Support/generate_plural_rules.py > \(committed.path)")
    }
}
