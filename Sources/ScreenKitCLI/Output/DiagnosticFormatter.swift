import Foundation
import ScreenKit

/// Formats diagnostics as `path:line:col: error: [RULE] message`, paths relative to the working folder.
struct DiagnosticFormatter {
    let workingDirectory: String

    /// One line per diagnostic.
    func text(_ diagnostic: Diagnostic) -> String {
        let head: String
        if let location = diagnostic.location {
            head = "\(relative(location.file)):\(location.line):\(location.column): "
        } else {
            head = ""
        }
        return "\(head)\(diagnostic.severity.rawValue): [\(diagnostic.rule)] \(diagnostic.message)"
    }

    /// `path` relative to the working folder when it lies inside it.
    func relative(_ path: String) -> String {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
