import ScreenCompiler
import ScreenKit

/// Why a screen could not be rendered for a request; each case maps to one documented HTTP status.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No catalog screen has this ID: 404.
    case unknownScreen(String)
    /// The client's contract version is older than the screen supports: 406 (no representation
    /// acceptable to the client exists; it must update the app).
    case clientTooOld(screen: String, client: ClientContract, minContract: Int)
    /// The screen built from data breaks screen rules: 500 (a server-side bug), with every problem.
    case invalidScreen(String, problems: [RenderProblem])

    /// The HTTP status a server answers with.
    public var status: Int {
        switch self {
        case .unknownScreen: 404
        case .clientTooOld: 406
        case .invalidScreen: 500
        }
    }

    /// One line for logs.
    public var description: String {
        switch self {
        case .unknownScreen(let id): "no screen \"\(id)\""
        case .clientTooOld(let screen, let client, let minContract):
            "screen \"\(screen)\" supports contract \(minContract) and up; the client advertised \(client)"
        case .invalidScreen(let screen, let problems):
            "screen \"\(screen)\" is invalid: " + problems.map(\.description).joined(separator: "; ")
        }
    }
}

/// One problem in a screen built from data: the diagnostic `check` would print, and where in the
/// data it is — which of the nodes one Swift line wrote (in a `for` loop, the iteration).
public struct RenderProblem: Sendable, Hashable, CustomStringConvertible {
    /// The diagnostic, with the same rule ID `check` uses.
    public let diagnostic: Diagnostic
    /// 1-based: which of the nodes written by the diagnostic's source line this one is, when that
    /// line wrote more than one (a loop); nil otherwise.
    public let occurrence: Int?
    /// How many nodes that line wrote, when more than one.
    public let occurrences: Int?

    /// The diagnostic's message with every absolute file path cut to its last component: where in
    /// the app, without the server's folders.
    public var message: String {
        diagnostic.message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.hasPrefix("/") ? Substring(Self.shortFile(String(word))) : word
        }.joined(separator: " ")
    }

    /// `[rule] message (at path), node 3 of 12 written at File.swift:12:9`.
    public var description: String {
        var text = "[\(diagnostic.rule)] \(message)"
        if let path = diagnostic.nodePath, !diagnostic.message.contains(path) { text += " (at \(path))" }
        if let occurrence, let occurrences, let location = diagnostic.location {
            text +=
                ", node \(occurrence) of \(occurrences) written at \(Self.shortFile(location.file)):\(location.line)"
        }
        return text
    }

    /// The file's last path component: where in the app, without the server's folders.
    static func shortFile(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Each diagnostic with its position among the nodes its source line wrote.
    static func locate(_ diagnostics: [Diagnostic], in screen: Screen, _ compiler: Compiler) -> [RenderProblem] {
        let sites = diagnostics.contains { $0.location != nil } ? compiler.nodeSites(of: screen) : []
        return diagnostics.map { diagnostic in
            guard let location = diagnostic.location, let id = diagnostic.nodePath?.split(separator: "/").last
            else { return RenderProblem(diagnostic: diagnostic, occurrence: nil, occurrences: nil) }
            // A repeated ID is reported on its repeat: the last node written there with that ID.
            let site = sites.last { $0.source == location && $0.id == id }
            guard let site, site.count > 1 else {
                return RenderProblem(diagnostic: diagnostic, occurrence: nil, occurrences: nil)
            }
            return RenderProblem(diagnostic: diagnostic, occurrence: site.occurrence, occurrences: site.count)
        }
    }
}
