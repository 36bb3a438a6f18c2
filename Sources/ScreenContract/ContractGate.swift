import Foundation
import ScreenKit

/// The result of checking the live contract against its whole frozen history.
public struct ContractReport: Sendable {
    /// The live contract.
    public let live: Contract
    /// The history it was checked against.
    public let history: ContractHistory
    /// Every problem: history integrity, breaking changes, missing fallbacks, exemption misuse.
    public let diagnostics: [Diagnostic]
    /// The exemptions that silenced at least one breaking change.
    public let exemptionsInForce: [Exemption]
    /// The changes from the newest frozen version to the live contract, breaking and allowed.
    public let pendingChanges: [ContractChange]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Checks the live contract against every frozen version, transitively, under the additive-only rule.
public enum ContractGate {
    /// Runs every contract rule. The catalog's `minContract` names the oldest supported version:
    /// anything newer needs a fallback into it.
    /// With `requireHistory`, a history with no frozen version (and nothing damaged to explain why)
    /// is a `contract-history-missing` error: with nothing frozen, nothing protects shipped clients.
    ///
    /// With `sunsets` (the contract folder's sunset.json), a catalog `minContract` that stops
    /// serving frozen versions must be recorded there, and entries that match nothing are errors.
    public static func check(
        live catalog: Catalog, history: ContractHistory, exemptions: Exemptions = .none, requireHistory: Bool = false,
        sunsets: Sunsets? = nil
    ) -> ContractReport {
        let (live, liveDiagnostics) = Contract.live(catalog)
        var diagnostics = history.diagnostics + liveDiagnostics + exemptions.diagnostics
        if let sunsets {
            diagnostics += sunsets.diagnostics
            diagnostics +=
                sunsets.checkCatalog(minContract: catalog.minContract, frozen: history.versions.count).problems
            diagnostics += sunsets.unused(
                minContract: catalog.minContract,
                screens: catalog.screens.flatMap(\.layoutScreens).map { ($0.id, $0.minContract ?? catalog.minContract) }
            )
        }
        if requireHistory && history.versions.isEmpty && history.diagnostics.isEmpty {
            diagnostics.append(
                ContractRules.historyMissing.diagnostic(
                    "no frozen contract version in \(history.folder.path): nothing protects shipped clients; start the history with `screenkit contract start --standard 1` (or `screenkit init`), or freeze the live contract with `screenkit contract freeze --initial`",
                    at: SourceLocation(file: history.folder.path, line: 1, column: 1)))
        }
        diagnostics += profileSinceProblems(catalog, history: history)
        let since = catalog.profileSince
        var breaking: [ContractChange] = []
        var seen: Set<String> = []
        for frozen in history.versions {
            for change in Compatibility.changes(
                from: frozen.contract, to: live, oldFile: frozen.location, newShape: frozen.version < since,
                catalog: catalog.source, latest: history.latest?.contract)
            where change.isBreaking && seen.insert(change.rule.id + " " + change.element).inserted {
                breaking.append(change)
            }
        }
        // Clients of `minContract` are the oldest supported: what they know needs no fallback. When
        // that version is not frozen yet, it is the live contract itself.
        if let baseline = history.version(catalog.minContract) {
            breaking += Compatibility.missingFallbacks(in: live, baseline: baseline.contract)
        }
        var used: Set<Exemption> = []
        for change in breaking {
            if let exemption = exemptions.entries.first(where: {
                $0.rule == change.rule.id && $0.element == change.element
            }) {
                used.insert(exemption)
            } else {
                diagnostics.append(change.diagnostic)
            }
        }
        for exemption in exemptions.entries where !used.contains(exemption) {
            diagnostics.append(
                ContractRules.exemptionUnused.diagnostic(
                    "exemption \(exemption.rule) for \(exemption.element) matches no breaking change",
                    at: SourceLocation(file: exemptions.path, line: 1, column: 1), path: exemption.element))
        }
        let pending =
            history.latest.map {
                Compatibility.changes(
                    from: $0.contract, to: live, oldFile: $0.location, newShape: $0.version < since,
                    catalog: catalog.source)
            }
            ?? Compatibility.changes(
                from: Contract(components: [], actions: [], enums: []), to: live, oldFile: nil, catalog: catalog.source)
        return ContractReport(
            live: live, history: history, diagnostics: diagnostics,
            exemptionsInForce: exemptions.entries.filter { used.contains($0) }, pendingChanges: pending)
    }
}

extension ContractGate {
    /// Problems with ``Catalog/profileSince``: outside 1 to the newest frozen version plus one, or
    /// served versions whose profiles disagree on merging device layouts.
    static func profileSinceProblems(_ catalog: Catalog, history: ContractHistory) -> [Diagnostic] {
        let since = catalog.profileSince
        let next = (history.latest?.version ?? 0) + 1
        let location = catalog.profile.source ?? catalog.source
        guard (1...next).contains(since) else {
            return [
                ContractRules.profileSinceInvalid.diagnostic(
                    "profileSince is \(since), but the frozen versions are 1 to \(next - 1): name a frozen version or the next one, \(next)",
                    at: location, path: "profile")
            ]
        }
        let served = history.versions.filter { $0.version >= catalog.minContract && $0.version < since }
        let merged = catalog.profile.envelope.layouts != nil
        if let other = served.first(where: { ($0.contract.profile.envelope.layouts != nil) != merged }) {
            return [
                ContractRules.profileSinceInvalid.diagnostic(
                    "version \(other.version) froze a profile that \(merged ? "writes one document per device" : "merges device layouts into one document"), "
                        + "but the profile \"\(catalog.profile.name)\" \(merged ? "merges them" : "does not"): a new shape cannot change which documents are published",
                    at: location, path: "profile")
            ]
        }
        return []
    }
}

/// Appends a new frozen version when the live contract changed additively.
public enum ContractFreezer {
    /// What `freeze` did.
    public enum Outcome: Sendable, Equatable {
        /// Nothing changed since the newest frozen version; nothing was written.
        case unchanged(version: Int)
        /// A new version file was written.
        case frozen(version: Int, path: String)
        /// The contract has errors; nothing was written.
        case refused
    }

    /// Freezes the live contract as the next version unless it is unchanged or breaking.
    public static func freeze(_ report: ContractReport) throws -> Outcome {
        guard !report.hasErrors else { return .refused }
        let history = report.history
        if let latest = history.latest, latest.contract == report.live {
            return .unchanged(version: latest.version)
        }
        let version = (history.latest?.version ?? 0) + 1
        let bytes = ContractFile.encode(report.live, version: version, previous: history.latest?.sha256)
        try FileManager.default.createDirectory(at: history.folder, withIntermediateDirectories: true)
        let url = try create(history.folder, version: version, bytes: bytes)
        return .frozen(version: version, path: url.path)
    }

    /// Starts an empty history in `folder` with the standard baseline's files 1 to `standard`, byte
    /// for byte. Files are created, never replaced; on failure the files this call wrote are removed.
    public static func start(in folder: URL, standard: Int) throws {
        guard standard >= 1, standard <= StandardBaseline.latest else {
            throw FreezeError(
                description: "standard version \(standard) does not exist (1 to \(StandardBaseline.latest))")
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [URL] = []
        do {
            for version in 1...standard {
                written.append(try create(folder, version: version, bytes: StandardBaseline.files[version - 1]))
            }
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            throw error
        }
        // Clients of the versions before K were never served by this project: say so where the
        // gate looks (a catalog minContract of K needs it), beside the history.
        let sunset = folder.deletingLastPathComponent().appendingPathComponent("sunset.json")
        if standard > 1, !FileManager.default.fileExists(atPath: sunset.path) {
            let text = """
                {"format": 1, "sunset": [{"through": \(standard - 1), "reason": "the history starts from standard \
                version \(standard): clients of older versions were never served"}]}

                """
            try Data(text.utf8).write(to: sunset)
        }
    }

    /// Writes `version`.json into `folder` create-only, through a synced temporary file.
    private static func create(_ folder: URL, version: Int, bytes: [UInt8]) throws -> URL {
        let url = folder.appendingPathComponent("\(version).json")
        let staging = folder.appendingPathComponent(
            ".\(version).json.tmp-\(ProcessInfo.processInfo.processIdentifier)")
        try Data(bytes).write(to: staging)
        guard link(staging.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw FreezeError(description: "cannot create \(url.path): \(reason)")
        }
        try? FileManager.default.removeItem(at: staging)
        return url
    }

    /// Why a freeze could not write its file.
    public struct FreezeError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }
}
