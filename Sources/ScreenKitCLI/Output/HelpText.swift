import Foundation

/// Help text laid out as `--help` prints it: within 80 columns, option descriptions in a column.
enum HelpText {
    /// The width no help line passes.
    static let width = 80

    /// `  OPTION   description…`: the description from `column`, wrapped at word boundaries within
    /// ``width``, its further lines indented to `column`.
    static func option(_ option: String, _ description: String, column: Int) -> String {
        let head = "  " + option
        var lines: [String] = []
        var line = head.count + 2 <= column ? head.padding(toLength: column, withPad: " ", startingAt: 0) : ""
        if line.isEmpty {
            lines.append(head)
            line = String(repeating: " ", count: column)
        }
        var empty = true
        for word in description.split(separator: " ") {
            if !empty && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: column)
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
