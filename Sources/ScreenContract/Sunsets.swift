import Foundation
import ScreenJSON
import ScreenKit

/// A deliberate, reviewed decision to stop serving old clients: all screens, or one screen, for
/// clients of contract `through` and older, or one screen removed.
public struct Sunset: Sendable, Hashable {
    /// Clients of this contract version and older are no longer served; nil for a removed screen.
    public let through: Int?
    /// The one screen it applies to; nil for every screen.
    public let screen: String?
    /// Whether the screen was removed.
    public let removed: Bool
    /// Why.
    public let reason: String

    /// Creates an entry.
    public init(through: Int?, screen: String?, removed: Bool = false, reason: String) {
        self.through = through
        self.screen = screen
        self.removed = removed
        self.reason = reason
    }

    /// How the entry reads in messages.
    public var summary: String {
        if removed { return "screen \"\(screen ?? "")\" removed" }
        let scope = screen.map { "screen \"\($0)\"" } ?? "every screen"
        return "\(scope) stops serving clients of contract \(through ?? 0) and older"
    }
}

/// The checked-in sunset file beside the history, `sunset.json`:
/// `{"format": 1, "sunset": [{"through": 1, "reason": "…"}, {"through": 2, "screen": "home",
/// "reason": "…"}, {"screen": "old-offers", "removed": true, "reason": "…"}]}`.
///
/// Stopping serving a client version that was served — a raised catalog or screen `minContract`,
/// a removed screen — fails the gate unless an entry records it; an entry that matches nothing is
/// an error too, so the file says exactly what was sunset.
public struct Sunsets: Sendable, FormatOneDocument {
    /// The entries, in file order.
    public let entries: [Sunset]
    /// Where they were read from.
    public let path: String
    /// Problems reading the file.
    public let diagnostics: [Diagnostic]

    /// No entries.
    public static let none = Sunsets(entries: [], path: "", diagnostics: [])

    /// Entries as given.
    public init(entries: [Sunset], path: String, diagnostics: [Diagnostic] = []) {
        self.entries = entries
        self.path = path
        self.diagnostics = diagnostics
    }

    /// The file's location, for diagnostics.
    var location: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

    /// A file that cannot be used is a `sunset-invalid` problem.
    static var invalidRule: Rule { ContractRules.sunsetInvalid }

    /// Reads the sunset file; a missing file means none.
    public static func load(from url: URL) -> Sunsets { loading(url) }

    /// Reads the bytes of a file at `path` (named in diagnostics).
    public static func decode(_ bytes: [UInt8], path: String) -> Sunsets {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let location = SourceLocation(file: path, line: 1, column: 1)
        let decoded = FormatOneFile.decode(
            bytes, name: name,
            shape: "each entry needs a \"reason\" string, and \"through\" (a number), \"screen\" (a string) or "
                + "both, or \"screen\" with \"removed\": true"
        ) { (file) throws(JSONFormatError) in
            try file.objects("sunset").map { (entry) throws(JSONFormatError) in
                (
                    through: try entry.optionalInt("through"), screen: try entry.optionalString("screen"),
                    removed: try entry.optionalBool("removed"), reason: try entry.string("reason")
                )
            }
        }
        let file: [(through: Int?, screen: String?, removed: Bool?, reason: String)]
        switch decoded {
        case .success(let entries): file = entries
        case .failure(let error): return invalid(error.description, path: path)
        }
        var diagnostics: [Diagnostic] = []
        var entries: [Sunset] = []
        for entry in file {
            let removed = entry.removed ?? false
            let sunset = Sunset(through: entry.through, screen: entry.screen, removed: removed, reason: entry.reason)
            if entry.reason.trimmingCharacters(in: .whitespaces).isEmpty {
                diagnostics.append(
                    ContractRules.sunsetInvalid.diagnostic(
                        "sunset entry (\(sunset.summary)) gives no reason", at: location))
            }
            if removed ? (entry.screen == nil || entry.through != nil) : (entry.through.map { $0 < 1 } ?? true) {
                diagnostics.append(
                    ContractRules.sunsetInvalid.diagnostic(
                        removed
                            ? "a \"removed\" entry names the screen and no \"through\" version"
                            : "a sunset entry needs \"through\": the newest contract version no longer served (1 or more)",
                        at: location))
            }
            entries.append(sunset)
        }
        return Sunsets(entries: entries, path: path, diagnostics: diagnostics)
    }

    /// The catalog-wide check, needing no base: every frozen version below the catalog's
    /// `minContract` needs an entry for every screen; an every-screen entry for a version still
    /// served matches nothing. Returns the problems and the entries that matched.
    func checkCatalog(minContract: Int, frozen: Int) -> (problems: [Diagnostic], used: Set<Sunset>) {
        var problems: [Diagnostic] = []
        var used: Set<Sunset> = []
        let dropped = min(minContract - 1, frozen)
        if dropped >= 1 {
            if let entry = entries.first(where: { $0.screen == nil && ($0.through ?? 0) >= dropped }) {
                used.insert(entry)
            } else {
                problems.append(
                    ContractRules.sunsetUnrecorded.diagnostic(
                        "the catalog's minContract \(minContract) stops serving clients of contract "
                            + (dropped == 1 ? "1" : "1 to \(dropped)")
                            + ", which no sunset entry records; add {\"through\": \(dropped), \"reason\": \"…\"} to "
                            + "sunset.json (or lower minContract)", at: location))
            }
        }
        return (problems, used)
    }

    /// The check against a base (the base branch's build output, or the bucket being published
    /// to): each screen the base served that no longer serves a client version, or is gone, needs
    /// an entry. Returns the problems, the notes saying what stops being served, and the entries
    /// that matched.
    public func check(
        base: [(id: String, minContract: Int)], current: [(id: String, minContract: Int)]
    ) -> (problems: [Diagnostic], notes: [Diagnostic], used: Set<Sunset>) {
        var problems: [Diagnostic] = []
        var notes: [Diagnostic] = []
        var used: Set<Sunset> = []
        let now = Dictionary(current.map { ($0.id, $0.minContract) }) { first, _ in first }
        // A served screen that stops serving some clients: a note naming the entry that records it,
        // else a problem asking for one.
        func check(_ screen: String, recordedBy entry: Sunset?, note: (Sunset) -> String, problem: String) {
            if let entry {
                used.insert(entry)
                notes.append(
                    ContractRules.sunsetRecorded.diagnostic(note(entry), severity: .note, at: location, path: screen))
            } else {
                problems.append(ContractRules.sunsetUnrecorded.diagnostic(problem, at: location, path: screen))
            }
        }
        for screen in base {
            guard let minContract = now[screen.id] else {
                check(
                    screen.id, recordedBy: entries.first { $0.removed && $0.screen == screen.id },
                    note: {
                        "screen \"\(screen.id)\" is removed: clients of every contract version lose it (sunset: \($0.reason))"
                    },
                    problem: "screen \"\(screen.id)\" was served and is gone: apps that open it get nothing; record "
                        + "{\"screen\": \"\(screen.id)\", \"removed\": true, \"reason\": \"…\"} in sunset.json")
                continue
            }
            guard minContract > screen.minContract else { continue }
            let through = minContract - 1
            let versions = screen.minContract == through ? "\(through)" : "\(screen.minContract) to \(through)"
            check(
                screen.id,
                recordedBy: entries.first {
                    !$0.removed && ($0.screen == nil || $0.screen == screen.id) && ($0.through ?? 0) >= through
                },
                note: {
                    "screen \"\(screen.id)\" stops serving clients of contract \(versions) (sunset: \($0.reason))"
                },
                problem: "screen \"\(screen.id)\" stops serving clients of contract \(versions) (its minContract rose "
                    + "from \(screen.minContract) to \(minContract)); record {\"through\": \(through), \"screen\": "
                    + "\"\(screen.id)\", \"reason\": \"…\"} in sunset.json")
        }
        return (problems, notes, used)
    }

    /// Entries that match nothing in the current catalog: an every-screen entry for versions the
    /// catalog still serves, a screen entry for versions that screen still serves, a removal of a
    /// screen that exists. (Entries about a base are only known unused when checked against one.)
    func unused(minContract: Int, screens: [(id: String, minContract: Int)]) -> [Diagnostic] {
        let byID = Dictionary(screens.map { ($0.id, $0.minContract) }) { first, _ in first }
        return entries.compactMap { entry in
            let stillServed: Bool
            if entry.removed {
                stillServed = entry.screen.map { byID[$0] != nil } ?? false
            } else if let screen = entry.screen {
                stillServed = byID[screen].map { ($0 - 1) < (entry.through ?? 0) } ?? false
            } else {
                stillServed = (minContract - 1) < (entry.through ?? 0)
            }
            guard stillServed else { return nil }
            return ContractRules.sunsetUnused.diagnostic(
                "sunset entry (\(entry.summary)) matches nothing: those clients are still served", at: location)
        }
    }
}
