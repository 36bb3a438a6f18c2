import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

/// Every problem is reported at the Swift line of what it is about, where that has one. The rules
/// that report elsewhere are listed with why; the sources are scanned so that no other rule
/// reports without a location, and the contract's rules are checked change by change in
/// `GateHoleTests.everyRecordedAttributeIsComparedWithADecision`.
@Suite struct DiagnosticLocationTests {
    /// The rules whose diagnostics are not at a Swift line, and why: what they are about has no
    /// Swift declaration.
    static let notAtSwift: [String: String] = [
        "contract-history-missing":
            "no version is frozen: reported at the history folder, where `contract start` writes one",
        "history-unreadable": "a frozen file ScreenKit cannot read: reported at that file",
        "history-edited": "a frozen file changed after it was frozen: reported at that file",
        "history-gap": "a frozen version is missing from the history: reported at the next file",
        "history-version-mismatch": "a frozen file's version differs from its name: reported at that file",
        "history-chain-broken": "a frozen file's `previous` hash does not match: reported at that file",
        "history-rewritten": "a frozen file differs from the base branch's: reported at that file",
        "exemption-invalid": "a line of the exemptions file: reported at that file",
        "exemption-unused": "an exemption that matches nothing: reported at the exemptions file",
        "sunset-invalid": "an entry of sunset.json: reported at that file",
        "sunset-unused": "an entry of sunset.json that matches nothing: reported at that file",
        "sunset-recorded": "a note that sunset.json records a dropped version: reported at that file",
        "sunset-unrecorded": "the fix is a record in sunset.json: reported at that file",
        "string-key-unused": "a String Catalog key no Swift code uses: the message names the .xcstrings file",
        "string-translation-invalid":
            "only its warning about translations no screen is served with (named in the .xcstrings file); a used key's error is at the Swift line",
        "app-colors-invalid": "an app colour file that cannot be read: the message names the file",
    ]

    static let allRules =
        ScreenRules.all + ContractRules.all + ContractRules.allowed + LocalizationRules.all + DesignRules.all
        + AccessibilityRules.all

    @Test func everyRuleWithoutASwiftLocationIsARuleAndSaysWhy() {
        let ids = Set(Self.allRules.map(\.id))
        for (rule, why) in Self.notAtSwift {
            #expect(ids.contains(rule), "\(rule) is not a rule")
            #expect(why.count > 20, "\(rule): say why it has no Swift location")
        }
    }

    /// The rule ID of each `static let name = Rule(id: "…"` in the sources, by property name.
    static func ruleIDs(in sources: [String]) -> [String: String] {
        var ids: [String: String] = [:]
        let pattern = try! NSRegularExpression(pattern: #"static let (\w+) = Rule\(\s*id: "([^"]+)""#)
        for text in sources {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                ids[String(text[Range(match.range(at: 1), in: text)!])] =
                    String(text[Range(match.range(at: 2), in: text)!])
            }
        }
        return ids
    }

    /// The argument text of the call whose `(` is at `open`, parentheses balanced.
    static func arguments(of text: String, from open: String.Index) -> Substring {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return text[text.index(after: open)..<index] }
            default: break
            }
            index = text.index(after: index)
        }
        return text[open...]
    }

    @Test func onlyTheListedRulesReportWithoutALocation() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        let ids = Self.ruleIDs(in: sources)
        #expect(Set(ids.values).isSuperset(of: Self.allRules.map(\.id)), "the scan finds every rule's declaration")
        let call = try NSRegularExpression(pattern: #"\b(\w+Rules)\.(\w+)\.diagnostic\("#)
        var calls = 0
        for (file, text) in zip(files, sources) {
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 2), in: text)!])
                let open = text.index(before: Range(match.range, in: text)!.upperBound)
                let arguments = Self.arguments(of: text, from: open)
                let id = try #require(ids[name], "\(file.lastPathComponent): no rule declared as \(name)")
                calls += 1
                let location = arguments.components(separatedBy: "at: ").last ?? ""
                if location.hasPrefix("nil") {
                    #expect(
                        Self.notAtSwift[id] != nil,
                        "\(file.lastPathComponent): \(id) is reported without a location; give it its element's Swift declaration, or list it in notAtSwift with why"
                    )
                }
            }
        }
        #expect(calls > 60, "the scan finds the rules' call sites (\(calls))")
    }
}
