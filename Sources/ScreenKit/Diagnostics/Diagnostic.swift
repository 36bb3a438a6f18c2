/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    /// Fails the command.
    case error
    /// Reported; does not fail the command.
    case warning
    /// Extra information attached to a report.
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort before warnings, warnings before notes.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem found in screens, the contract or its history: the only diagnostic type.
public struct Diagnostic: Sendable, Hashable {
    /// The stable rule ID, e.g. `screen-id-invalid`.
    public var rule: String
    /// How serious it is.
    public var severity: Severity
    /// A one-line message saying what is wrong and where.
    public var message: String
    /// Where in Swift source (or a history file) the problem is.
    public var location: SourceLocation?
    /// The path to the node within its screen, e.g. `login/root/form/sign-in`.
    public var nodePath: String?

    /// Creates a diagnostic.
    public init(
        rule: String,
        severity: Severity = .error,
        message: String,
        location: SourceLocation? = nil,
        nodePath: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.nodePath = nodePath
    }
}

/// Collects diagnostics from every validator so all problems are reported together.
public struct DiagnosticCollector: Sendable {
    /// Everything collected, in the order reported.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The rules whose warnings are reported as errors (a project's `errors` in screenkit.json).
    public var raised: Set<String> = []

    /// Creates an empty collector.
    public init() {}

    /// Adds one diagnostic.
    public mutating func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.severity == .warning, raised.contains(diagnostic.rule) { diagnostic.severity = .error }
        diagnostics.append(diagnostic)
    }

    /// Adds several diagnostics.
    public mutating func report(contentsOf more: [Diagnostic]) {
        guard !raised.isEmpty else { return diagnostics.append(contentsOf: more) }
        for diagnostic in more { report(diagnostic) }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The number of errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }

    /// The number of warnings.
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}
