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
    public static func check(
        live catalog: Catalog, history: ContractHistory, exemptions: Exemptions = .none
    ) -> ContractReport {
        let (live, liveDiagnostics) = Contract.live(catalog)
        var diagnostics = history.diagnostics + liveDiagnostics + exemptions.diagnostics
        var breaking: [ContractChange] = []
        var seen: Set<String> = []
        for frozen in history.versions {
            for change in Compatibility.changes(from: frozen.contract, to: live, oldFile: frozen.location)
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
            history.latest.map { Compatibility.changes(from: $0.contract, to: live, oldFile: $0.location) }
            ?? Compatibility.changes(from: Contract(components: [], actions: [], enums: []), to: live, oldFile: nil)
        return ContractReport(
            live: live, history: history, diagnostics: diagnostics,
            exemptionsInForce: exemptions.entries.filter { used.contains($0) }, pendingChanges: pending)
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
        let url = history.folder.appendingPathComponent("\(version).json")
        let staging = history.folder.appendingPathComponent(
            ".\(version).json.tmp-\(ProcessInfo.processInfo.processIdentifier)")
        try Data(bytes).write(to: staging)
        guard link(staging.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw FreezeError(description: "cannot create \(url.path): \(reason)")
        }
        try? FileManager.default.removeItem(at: staging)
        return .frozen(version: version, path: url.path)
    }

    /// Why a freeze could not write its file.
    public struct FreezeError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }
}
