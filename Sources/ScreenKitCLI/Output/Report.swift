import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit

/// The output formats of `check` and `contract diff`.
enum ReportFormat: String, CaseIterable, OutputFormat {
    /// `path:line:col: error: [RULE] message (at NODEPATH)` lines and a summary.
    case text
    /// A stable JSON document with a format number.
    case json
    /// GitHub Actions workflow annotations.
    case github
    /// A summary fit for a pull-request comment.
    case markdown
}

/// A command's `--format` values, the first the default.
protocol OutputFormat: RawRepresentable<String>, CaseIterable {}

extension OutputFormat {
    /// The format `value` names (nil: the first); an unknown name is a usage error listing them.
    static func parse(_ value: String?) throws(CommandError) -> Self {
        let all = Array(allCases)
        guard let value else { return all[0] }
        guard let format = Self(rawValue: value) else {
            let names = all.map(\.rawValue)
            throw .usage(
                "unknown format '\(value)'; use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return format
    }
}

/// What a checking command found, ready to render in any format.
struct Report {
    /// The command, e.g. `check` or `contract diff`.
    let command: String
    /// Every diagnostic: errors, warnings and notes.
    let diagnostics: [Diagnostic]
    /// The exemptions in force.
    var exemptions: [Exemption] = []
    /// Contract changes to list (the diff, or the pending changes of `check`).
    var changes: [ContractChange] = []
    /// Extra facts for the JSON form, e.g. `from` and `to` of a diff.
    var facts: [(String, String)] = []
    /// The compiled screens, for the compatibility matrix.
    var matrix: [CompiledScreen] = []
    /// The screens whose published output differs from a baseline build, with what changed.
    var changedScreens: [ScreenChanges]?
    /// Before/after pictures of the changed screens (`--screenshots`), for the markdown form.
    var screenshots: Screenshots?
    /// Where preview pages are served, for links.
    var previewURL = "preview"

    var errorCount: Int { diagnostics.count { $0.severity == .error } }
    var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// The report's text in `format`; paths are shown relative to `workingDirectory`.
    func render(_ format: ReportFormat, workingDirectory: String) -> String {
        let formatter = DiagnosticFormatter(workingDirectory: workingDirectory)
        switch format {
        case .text: return text(formatter)
        case .json: return json(formatter)
        case .github: return github(formatter)
        case .markdown: return markdown(formatter)
        }
    }

    private var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity < b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    private var summary: String {
        "\(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s")"
    }

    private func text(_ formatter: DiagnosticFormatter) -> String {
        var lines = sorted.map(formatter.text)
        for exemption in exemptions {
            lines.append("exempt: [\(exemption.rule)] \(exemption.element): \(exemption.reason)")
        }
        lines.append("\(command): \(summary)")
        return lines.joined(separator: "\n")
    }

    private func json(_ formatter: DiagnosticFormatter) -> String {
        var json = JSONWriter(style: .pretty)
        json.object { json in
            json.member("format", 1)
            json.member("command", command)
            for (key, value) in facts { json.member(key, value) }
            json.object("summary") { json in
                json.member("errors", errorCount)
                json.member("warnings", warningCount)
                json.member("exemptions", exemptions.count)
            }
            json.objects("diagnostics", sorted) { json, diagnostic in
                json.member("rule", diagnostic.rule)
                json.member("severity", diagnostic.severity.rawValue)
                json.member("message", formatter.relativePaths(in: diagnostic.message))
                if let location = diagnostic.location {
                    json.member("file", formatter.relative(location.file))
                    json.member("line", location.line)
                    json.member("column", location.column)
                }
                json.member("path", ifPresent: diagnostic.nodePath)
            }
            json.objects("exemptions", exemptions) { json, exemption in
                json.member("rule", exemption.rule)
                json.member("element", exemption.element)
                json.member("reason", exemption.reason)
            }
            json.objects("matrix", matrix) { json, screen in
                json.member("screen", screen.id)
                json.member("minContract", screen.minContract)
                json.objects("versions", screen.variants) { json, variant in
                    json.member("contract", variant.contract)
                    json.member("rendersFully", !variant.downgrades.contains(where: \.isFallback))
                    json.member("downgrades", variant.downgrades.map(\.description))
                }
            }
            if let changedScreens {
                json.objects("changedScreens", changedScreens) { json, screen in
                    json.member("screen", screen.id)
                    json.member("changes", screen.changes)
                }
            }
            json.objects("changes", changes) { json, change in
                json.member("rule", change.rule.id)
                json.member("breaking", change.isBreaking)
                json.member("element", change.element)
                json.member("message", change.message)
            }
        }
        return String(decoding: json.takeBytes(), as: UTF8.self)
    }

    private func github(_ formatter: DiagnosticFormatter) -> String {
        var lines: [String] = []
        for diagnostic in sorted {
            let level =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=\(Self.escapeProperty(formatter.relative(location.file)))")
                properties.append("line=\(location.line)")
                properties.append("col=\(location.column)")
            }
            properties.append("title=\(Self.escapeProperty(diagnostic.rule))")
            lines.append(
                "::\(level) \(properties.joined(separator: ","))::\(Self.escapeData(formatter.message(diagnostic)))")
        }
        for exemption in exemptions {
            lines.append(
                "::notice title=exempt \(Self.escapeProperty(exemption.rule))::\(Self.escapeData("\(exemption.element): \(exemption.reason)"))"
            )
        }
        lines.append("\(command): \(summary)")
        return lines.joined(separator: "\n")
    }

    /// Escapes a workflow-command message (`%`, CR, LF).
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a workflow-command property (also `:` and `,`).
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private func markdown(_ formatter: DiagnosticFormatter) -> String {
        var lines: [String] = []
        let verdict = errorCount == 0 ? "✅ passed" : "❌ failed"
        lines.append("## ScreenKit `\(command)`: \(verdict)")
        lines.append("")
        lines.append("\(summary), \(exemptions.count) exemption\(exemptions.count == 1 ? "" : "s") in force.")
        let problems = sorted.filter { $0.severity != .note }
        if !problems.isEmpty {
            lines.append("")
            lines.append("| | rule | where | message |")
            lines.append("|---|---|---|---|")
            for diagnostic in problems {
                let icon = diagnostic.severity == .error ? "❌" : "⚠️"
                let place = diagnostic.location.map { "`\(formatter.relative($0.file)):\($0.line)`" } ?? ""
                lines.append(
                    "| \(icon) | `\(diagnostic.rule)` | \(place) | \(Self.escapeCell(formatter.message(diagnostic))) |")
            }
        }
        if !changes.isEmpty {
            lines.append("")
            lines.append("### Contract changes")
            lines.append("")
            lines.append("| change | rule | element | detail |")
            lines.append("|---|---|---|---|")
            for change in changes {
                lines.append(
                    "| \(change.isBreaking ? "❌ breaking" : "✅ allowed") | `\(change.rule.id)` | `\(change.element)` | \(Self.escapeCell(change.message)) |"
                )
            }
        }
        if let changedScreens {
            lines.append("")
            lines.append("### Screens whose output changed")
            lines.append("")
            if changedScreens.isEmpty {
                lines.append("No screen's published output changed.")
            } else {
                lines.append("| screen | what changed | preview |")
                lines.append("|---|---|---|")
                let base = previewURL.hasSuffix("/") ? previewURL : previewURL + "/"
                for screen in changedScreens {
                    let link = screen.changes == ["removed"] ? "—" : "[\(screen.id)](\(base)\(screen.id).html)"
                    lines.append(
                        "| `\(screen.id)` | \(Self.escapeCell(screen.changes.joined(separator: ", "))) | \(link) |")
                }
            }
        }
        if let screenshots { lines += screenshots.markdown() }
        if let newest = matrix.map(\.contract).max(), let oldest = matrix.map(\.minContract).min() {
            let versions = Array(oldest...newest)
            lines.append("")
            lines.append("### Compatibility matrix")
            lines.append("")
            lines.append("| screen | " + versions.map { "contract \($0)" }.joined(separator: " | ") + " |")
            lines.append("|---|" + versions.map { _ in "---|" }.joined())
            for screen in matrix {
                let cells = versions.map { version -> String in
                    guard let variant = screen.variant(for: version) else { return "not supported" }
                    guard !variant.downgrades.isEmpty else { return "✅ full" }
                    // Only analytics events left out: the screen renders fully.
                    guard variant.downgrades.contains(where: \.isFallback) else {
                        return "✅ full; "
                            + Self.escapeCell(variant.downgrades.map(\.description).joined(separator: "; "))
                    }
                    return "⚠️ " + Self.escapeCell(variant.downgrades.map(\.description).joined(separator: "; "))
                }
                let base = previewURL.hasSuffix("/") ? previewURL : previewURL + "/"
                lines.append("| [`\(screen.id)`](\(base)\(screen.id).html) | " + cells.joined(separator: " | ") + " |")
            }
        }
        if !exemptions.isEmpty {
            lines.append("")
            lines.append("### Exemptions in force")
            lines.append("")
            for exemption in exemptions {
                lines.append("- `\(exemption.rule)` on `\(exemption.element)`: \(Self.escapeCell(exemption.reason))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Escapes text for a Markdown table cell.
    static func escapeCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
