import Foundation
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
public struct Exemptions: Sendable {
    /// The exemptions, in file order.
    public let entries: [Exemption]
    /// Where they were read from.
    public let path: String
    /// Problems reading the file.
    public let diagnostics: [Diagnostic]

    /// No exemptions.
    public static let none = Exemptions(entries: [], path: "", diagnostics: [])

    /// Reads the exemptions file; a missing file means none.
    public static func load(from url: URL) -> Exemptions {
        FormatOneFile.load(
            url, none: Exemptions(entries: [], path: url.path, diagnostics: []),
            invalid: { invalid($0, path: url.path) }, decode: { decode($0, path: url.path) })
    }

    /// No entries, and the one problem that made the file at `path` unusable.
    static func invalid(_ message: String, path: String) -> Exemptions {
        Exemptions(
            entries: [], path: path,
            diagnostics: [
                ContractRules.exemptionInvalid.diagnostic(message, at: SourceLocation(file: path, line: 1, column: 1))
            ])
    }

    /// Reads the bytes of a file at `path` (named in diagnostics).
    public static func decode(_ bytes: [UInt8], path: String) -> Exemptions {
        let data = Data(bytes)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let location = SourceLocation(file: path, line: 1, column: 1)
        func invalid(_ message: String) -> Exemptions { Self.invalid(message, path: path) }
        struct File: Decodable {
            struct Entry: Decodable {
                let rule: String
                let element: String
                let reason: String
            }
            let exemptions: [Entry]
        }
        let file: File
        switch FormatOneFile.decode(
            File.self, from: data, name: name,
            shape: "each exemption needs \"rule\", \"element\" and \"reason\" strings")
        {
        case .success(let decoded): file = decoded
        case .failure(let error): return invalid(error.description)
        }
        var diagnostics: [Diagnostic] = []
        let known = Set(ContractRules.breaking.map(\.id))
        for entry in file.exemptions {
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
        return Exemptions(
            entries: file.exemptions.map { Exemption(rule: $0.rule, element: $0.element, reason: $0.reason) },
            path: path, diagnostics: diagnostics)
    }
}
