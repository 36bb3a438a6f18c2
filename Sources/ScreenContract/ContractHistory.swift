import Foundation
import ScreenCrypto
import ScreenJSON
import ScreenKit

/// One frozen contract version as read from the history folder.
public struct FrozenVersion: Sendable, Hashable {
    /// The version number.
    public let version: Int
    /// The contract at this version.
    public let contract: Contract
    /// The file's exact bytes.
    public let bytes: [UInt8]
    /// The lowercase hex SHA-256 of `bytes`.
    public let sha256: String
    /// The file's path.
    public let path: String

    /// The file, as a location for diagnostics about elements only the history holds.
    public var location: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }
}

/// The frozen, hash-chained history: `1.json`, `2.json`, … in one folder.
public struct ContractHistory: Sendable {
    /// The folder holding the version files.
    public let folder: URL
    /// The readable versions, in order; after a gap or unreadable file, only those before it.
    public let versions: [FrozenVersion]
    /// Integrity problems: unreadable files, gaps, renumbering, broken chain links.
    public let diagnostics: [Diagnostic]

    /// The newest frozen version.
    public var latest: FrozenVersion? { versions.last }

    /// The frozen version with this number.
    public func version(_ number: Int) -> FrozenVersion? {
        versions.indices.contains(number - 1) ? versions[number - 1] : nil
    }

    /// Reads and verifies the history in `folder`; a missing folder is an empty history.
    public static func load(from folder: URL) -> ContractHistory {
        var diagnostics: [Diagnostic] = []
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
                diagnostics.append(
                    ContractRules.historyUnreadable.diagnostic(
                        "cannot read the history folder: \(error.localizedDescription)",
                        at: SourceLocation(file: folder.path, line: 1, column: 1)))
            }
            return ContractHistory(folder: folder, versions: [], diagnostics: diagnostics)
        }
        let visible = names.filter { !$0.hasPrefix(".") }
        guard visible.count <= ContractLimits.maximumVersions else {
            diagnostics.append(
                ContractRules.historyUnreadable.diagnostic(
                    "the history folder holds \(visible.count) entries; a history has at most \(ContractLimits.maximumVersions) versions",
                    at: SourceLocation(file: folder.path, line: 1, column: 1)))
            return ContractHistory(folder: folder, versions: [], diagnostics: diagnostics)
        }
        var numbered: [Int: String] = [:]
        for name in visible.sorted() {
            let location = SourceLocation(file: folder.appendingPathComponent(name).path, line: 1, column: 1)
            guard name.hasSuffix(".json"), let number = Int(name.dropLast(5)), number >= 1,
                number <= ContractLimits.maximumVersions, "\(number).json" == name
            else {
                diagnostics.append(
                    ContractRules.historyGap.diagnostic(
                        "\(name) is not a version file (expected 1.json, 2.json, …)", at: location))
                continue
            }
            numbered[number] = name
        }
        let highest = numbered.keys.max() ?? 0
        var files: [Int: [UInt8]?] = [:]
        for number in numbered.keys {
            let path = folder.appendingPathComponent("\(number).json").path
            switch JSONFile.read(atPath: path, maximumBytes: ContractLimits.maximumFileBytes) {
            case .bytes(let bytes): files[number] = bytes
            case .missing, .unreadable: files[number] = .some(nil)
            case .tooLarge(let size):
                // A huge file is refused, not loaded.
                diagnostics.append(
                    ContractRules.historyUnreadable.diagnostic(
                        "\(number).json is \(size) bytes; a contract file is at most \(ContractLimits.maximumFileBytes) bytes",
                        at: SourceLocation(file: path, line: 1, column: 1)))
                files[number] = .some(nil)
            }
        }
        return verify(files, highest: highest, folder: folder, diagnostics: diagnostics)
    }

    /// Verifies a history given as the bytes of its files, version 1 first — embedded in a binary
    /// rather than read from a folder. `folder` names it in diagnostics (its files need not exist).
    public static func load(files: [[UInt8]], folder: URL) -> ContractHistory {
        var numbered: [Int: [UInt8]?] = [:]
        for (index, bytes) in files.enumerated() { numbered[index + 1] = bytes }
        return verify(numbered, highest: files.count, folder: folder, diagnostics: [])
    }

    /// Checks numbering, format and the hash chain of versions 1…`highest`; `files` holds each
    /// present version's bytes (nil when unreadable).
    private static func verify(
        _ files: [Int: [UInt8]?], highest: Int, folder: URL, diagnostics: [Diagnostic]
    ) -> ContractHistory {
        var diagnostics = diagnostics
        var versions: [FrozenVersion] = []
        var intact = true
        for number in stride(from: 1, through: highest, by: 1) {
            let url = folder.appendingPathComponent("\(number).json")
            let location = SourceLocation(file: url.path, line: 1, column: 1)
            guard let file = files[number] else {
                diagnostics.append(
                    ContractRules.historyGap.diagnostic(
                        "version \(number) is missing from the history (found up to \(highest))", at: location))
                intact = false
                continue
            }
            guard let bytes = file else {
                diagnostics.append(ContractRules.historyUnreadable.diagnostic("cannot read \(url.path)", at: location))
                intact = false
                continue
            }
            let content: ContractFile.Content
            do {
                content = try ContractFile.decode(bytes)
            } catch {
                diagnostics.append(
                    ContractRules.historyUnreadable.diagnostic("\(number).json: \(error.description)", at: location))
                intact = false
                continue
            }
            // Frozen files are written by screenkit alone: one canonical form, so a hand edit of
            // even the newest version (which no successor's hash protects) is caught here.
            let canonical = ContractFile.encode(content.contract, version: content.version, previous: content.previous)
            if canonical != bytes, LineEndings.isCRLFCopy(bytes, of: canonical) {
                diagnostics.append(
                    ContractRules.historyEdited.diagnostic(
                        "\(number).json has CRLF line endings where screenkit wrote LF: \(LineEndings.fix)",
                        at: location))
                intact = false
            } else if canonical != bytes {
                let offset =
                    zip(canonical, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(canonical.count, bytes.count)
                diagnostics.append(
                    ContractRules.historyEdited.diagnostic(
                        "\(number).json is not the file screenkit wrote for the contract it holds (first difference at byte \(offset)): a frozen file was edited",
                        at: location))
                intact = false
            }
            if content.version != number {
                diagnostics.append(
                    ContractRules.historyVersionMismatch.diagnostic(
                        "\(number).json records version \(content.version)", at: location))
                intact = false
            }
            let expectedPrevious = number == 1 ? nil : versionHash(number - 1, in: versions, files: files)
            if number == 1, content.previous != nil {
                diagnostics.append(
                    ContractRules.historyChainBroken.diagnostic(
                        "1.json records a predecessor hash, but version 1 has none", at: location))
                intact = false
            } else if number > 1, let expectedPrevious, content.previous != expectedPrevious {
                diagnostics.append(
                    ContractRules.historyChainBroken.diagnostic(
                        "\(number).json records predecessor hash \(content.previous ?? "(none)") but \(number - 1).json hashes to \(expectedPrevious): a frozen file was edited, replaced or reordered",
                        at: location))
                intact = false
            }
            if intact {
                versions.append(
                    FrozenVersion(
                        version: number, contract: content.contract, bytes: bytes, sha256: SHA256.hexDigest(bytes),
                        path: url.path))
            }
        }
        return ContractHistory(folder: folder, versions: versions, diagnostics: diagnostics)
    }

    private static func versionHash(_ number: Int, in versions: [FrozenVersion], files: [Int: [UInt8]?]) -> String? {
        if let known = versions.first(where: { $0.version == number }) { return known.sha256 }
        return files[number].flatMap { $0 }.map { SHA256.hexDigest($0) }
    }
}

extension ContractHistory {
    /// The first frozen version holding each element (`component:…`, `prop:…`, `trigger:…`, `enum:…`,
    /// `action:…`, `field:…`, `event:…`, `param:…`, `token:…`); an element not listed is pending.
    public var introducedIn: [String: Int] {
        var first: [String: Int] = [:]
        for frozen in versions {
            for element in Self.elements(of: frozen.contract) where first[element] == nil {
                first[element] = frozen.version
            }
        }
        return first
    }

    /// Every element path of a contract.
    public static func elements(of contract: Contract) -> [String] {
        var elements: [String] = []
        for component in contract.components {
            elements.append("component:\(component.type)")
            elements += component.props.map { "prop:\(component.type).\($0.key)" }
            elements += component.triggers.map { "trigger:\(component.type).\($0)" }
        }
        for schema in contract.enums {
            elements += schema.cases.map { "enum:\(schema.name).\($0.value)" }
        }
        for action in contract.actions {
            elements.append("action:\(action.kind)")
            elements += action.fields.map { "field:\(action.kind).\($0.key)" }
        }
        for event in contract.events {
            elements.append("event:\(event.name)")
            elements += event.params.map { "param:\(event.name).\($0.key)" }
        }
        elements += contract.tokens.map { "token:\($0.name)" }
        return elements
    }
}
