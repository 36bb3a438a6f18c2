/// A rule with a stable ID, a one-line reason and a longer explanation with the fix.
public struct Rule: Sendable, Hashable {
    /// The stable ID, e.g. `screen-id-invalid`.
    public let id: String
    /// Why the rule exists, in one line.
    public let summary: String
    /// What it checks and how to fix a violation.
    public let explanation: String

    /// Creates a rule.
    public init(id: String, summary: String, explanation: String) {
        self.id = id
        self.summary = summary
        self.explanation = explanation
    }

    /// Creates a diagnostic of this rule.
    public func diagnostic(
        _ message: String,
        severity: Severity = .error,
        at location: SourceLocation?,
        path: String? = nil
    ) -> Diagnostic {
        Diagnostic(rule: id, severity: severity, message: message, location: location, nodePath: path)
    }
}
