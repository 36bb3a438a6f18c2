import Foundation
import ScreenKit

/// Formats diagnostics as `path:line:col: error: [RULE] message (at NODEPATH)`, paths relative to
/// the working folder.
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
        return "\(head)\(diagnostic.severity.rawValue): [\(diagnostic.rule)] \(message(diagnostic))"
    }

    /// The message as shown: the paths it names inside the working folder made relative, then
    /// ` (at NODEPATH)` when the diagnostic has a node path that the message does not name already.
    func message(_ diagnostic: Diagnostic) -> String {
        let text = relativePaths(in: diagnostic.message)
        guard let path = diagnostic.nodePath, !path.isEmpty, !Self.text(text, names: path) else { return text }
        return "\(text) (at \(path))"
    }

    /// `path` relative to the working folder: inside it, without a prefix; elsewhere in a folder
    /// the two share below `/` (a ScreenKit checkout beside the package, `../ScreenKit/Sources/…`),
    /// with `..`; otherwise absolute, as given.
    func relative(_ path: String) -> String {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        guard path.hasPrefix("/"), workingDirectory.hasPrefix("/") else { return path }
        return InitCommand.relativePath(
            from: URL(fileURLWithPath: workingDirectory).standardizedFileURL,
            to: URL(fileURLWithPath: path).standardizedFileURL)
    }

    /// `text` with every absolute path inside the working folder (e.g. the place of another node a
    /// message refers to) made relative, as the diagnostic's own place is.
    func relativePaths(in text: String) -> String {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        // The root folder would make every slash a match.
        guard base.count > 1, text.contains(base) else { return text }
        var result = ""
        var rest = text[...]
        while let range = rest.range(of: base) {
            result += rest[..<range.lowerBound]
            // Only where a path starts, not inside a longer one (`/elsewhere/work/…`).
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            if let before, Self.isPathCharacter(before) { result += rest[range] }
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Whether `text` names `path` as a whole: not as a part of a longer path or ID.
    static func text(_ text: String, names path: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: path) {
            let startsHere =
                range.lowerBound == text.startIndex || !isPathCharacter(text[text.index(before: range.lowerBound)])
            // `.` and `:` may be punctuation after the path, or continue the last ID when more follows.
            var after = range.upperBound
            while after < text.endIndex, text[after] == "." || text[after] == ":" { after = text.index(after: after) }
            let endsHere = after == text.endIndex || !isPathCharacter(text[after])
            if startsHere && endsHere { return true }
            rest = text[text.index(after: range.lowerBound)...]
        }
        return false
    }

    /// Letters, digits and `-_.:/`: the characters of node IDs and the paths made of them.
    private static func isPathCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "-_.:/".contains(character)
    }
}
