import Foundation
import ScreenJSON
import ScreenKit

/// A deliberate, reviewed exception to one rule for one element.
public struct Exemption: Sendable, Hashable {
    /// The rule ID it silences.
    public let rule: String
    /// The element path, e.g. `prop:text.color`.
    public let element: String
    /// Why the break is acceptable.
    public let reason: String
}

/// The checked-in exemptions file: `{"format": 1, "exemptions": [{"rule", "element", "reason"}]}`.
public struct Exemptions: Sendable, FormatOneDocument {
    /// The exemptions, in file order.
    public let entries: [Exemption]
    /// Where they were read from.
    public let path: String
    /// Problems reading the file.
    public let diagnostics: [Diagnostic]

    /// No exemptions.
    public static let none = Exemptions(entries: [], path: "", diagnostics: [])

    /// A file that cannot be used is an `exemption-invalid` problem.
    static var invalidRule: Rule { ContractRules.exemptionInvalid }

    /// Reads the exemptions file; a missing file means none.
    public static func load(from url: URL) -> Exemptions { loading(url) }

    /// Reads the bytes of a file at `path` (named in diagnostics).
    public static func decode(_ bytes: [UInt8], path: String) -> Exemptions {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let location = SourceLocation(file: path, line: 1, column: 1)
        let decoded = FormatOneFile.decode(
            bytes, name: name, shape: "each exemption needs \"rule\", \"element\" and \"reason\" strings"
        ) { (file) throws(JSONFormatError) in
            try file.objects("exemptions").map { (entry) throws(JSONFormatError) in
                Exemption(
                    rule: try entry.string("rule"), element: try entry.string("element"),
                    reason: try entry.string("reason"))
            }
        }
        let exemptions: [Exemption]
        switch decoded {
        case .success(let entries): exemptions = entries
        case .failure(let error): return invalid(error.description, path: path)
        }
        var diagnostics: [Diagnostic] = []
        let known = Set(ContractRules.breaking.map(\.id))
        for entry in exemptions {
            if !known.contains(entry.rule) {
                diagnostics.append(
                    ContractRules.exemptionInvalid.diagnostic(
                        "exemption names rule \"\(entry.rule)\", which is not a breaking contract rule", at: location))
            }
            if entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                diagnostics.append(
                    ContractRules.exemptionInvalid.diagnostic(
                        "exemption for \(entry.rule) \(entry.element) gives no reason", at: location))
            }
        }
        return Exemptions(entries: exemptions, path: path, diagnostics: diagnostics)
    }
}
