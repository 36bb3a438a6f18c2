import ScreenContract
import ScreenKit

/// The contract as a readable Markdown catalog reference.
enum ContractMarkdown {
    /// Every component, prop, type, default and the version it was introduced in.
    static func reference(_ contract: Contract, label: String, introducedIn: [String: Int], frozen: Int = 0) -> String {
        func since(_ element: String) -> String { introducedIn[element].map { "v\($0)" } ?? "pending" }
        func presence(_ prop: PropSchema) -> String {
            switch prop.presence {
            case .required: "required"
            case .optional: "optional"
            case .defaulted(let value): "default `\(Compatibility.describe(value))`"
            }
        }
        func table(_ members: [PropSchema], owner: String, prefix: String, none: String = "No props.") -> [String] {
            guard !members.isEmpty else { return [none] }
            var lines = ["| key | type | presence | since |", "|---|---|---|---|"]
            for member in members {
                let nonEmpty = member.nonEmpty ? ", non-empty" : ""
                let introduced = since("\(prefix):\(owner).\(member.key)")
                lines.append(
                    "| `\(member.key)` | `\(member.type.name)` | \(presence(member))\(nonEmpty) | \(introduced) |")
            }
            return lines
        }
        var lines = ["# Component contract — \(label)", ""]
        if !contract.profile.isFlat {
            // Only for another shape: the flat format's reference keeps its text.
            let root = contract.profile.envelope.rootPath.map { "`\($0)`" }.joined(separator: " › ")
            lines += [
                "Wire profile: `\(contract.profile.name)` (root at \(root)), frozen with each version; "
                    + "`contract show --format json` prints every part.",
                "",
            ]
        }
        lines.append("## Components")
        for component in contract.components {
            lines.append("")
            lines.append("### `\(component.type)`")
            lines.append("")
            var kind = component.hasChildren ? "container" : "leaf"
            if !component.slots.isEmpty {
                kind += " · slots " + component.slots.map { "`\($0)`" }.joined(separator: ", ")
            }
            if !component.triggers.isEmpty {
                kind += " · triggers " + component.triggers.map { "`\($0)`" }.joined(separator: ", ")
            }
            let introduced = since("component:" + component.type)
            lines.append("Since \(introduced) · \(kind) · fallback: \(component.fallback.rawValue)")
            lines.append("")
            lines += table(component.props, owner: component.type, prefix: "prop")
        }
        lines.append("")
        lines.append("## Enums")
        for schema in contract.enums {
            lines.append("")
            lines.append("### `\(schema.name)`")
            lines.append("")
            lines.append("| value | fallback | since |")
            lines.append("|---|---|---|")
            for value in schema.cases {
                let fallback = value.fallback.map { "`\($0)`" } ?? "—"
                let introduced = since("enum:\(schema.name).\(value.value)")
                lines.append("| `\(value.value)` | \(fallback) | \(introduced) |")
            }
        }
        lines.append("")
        lines.append("## Actions")
        for action in contract.actions {
            lines.append("")
            lines.append("### `\(action.kind)`")
            lines.append("")
            let introduced = since("action:" + action.kind)
            lines.append("Since \(introduced) · fallback: \(action.fallback.rawValue)")
            lines.append("")
            lines += table(action.fields, owner: action.kind, prefix: "field")
        }
        // Only when there are any: a contract without events keeps its reference's text.
        if !contract.events.isEmpty {
            lines += ["", "## Events"]
            for event in contract.events {
                lines += ["", "### `\(event.name)`", ""]
                let meaning = event.meaning.map { " · \($0)" } ?? ""
                lines += ["Since \(since("event:" + event.name))\(meaning)", ""]
                lines += table(event.params, owner: event.name, prefix: "param", none: "No params.")
            }
        }
        // Likewise tokens.
        if !contract.tokens.isEmpty {
            lines += [
                "", "## Colour tokens", "",
                "Clients of a version without a token receive its light literal.", "",
                "| token | light | dark | since | meaning |", "|---|---|---|---|---|",
            ]
            for token in contract.tokens {
                lines.append(
                    "| `\(token.name)` | `\(token.light)` | \(token.dark.map { "`\($0)`" } ?? "—") | "
                        + "\(since("token:" + token.name)) | \(token.meaning ?? "—") |")
            }
        }
        if frozen > 0 { lines += schemaFiles(frozen: frozen) }
        return lines.joined(separator: "\n")
    }

    /// The JSON Schema files `build` and `publish` write, and the payloads each one covers.
    static func schemaFiles(frozen: Int) -> [String] {
        var lines = [
            "", "## Schema files", "",
            "`screenkit contract schema --version K` prints one; `build` and `publish` write them all.", "",
            "| file | validates |", "|---|---|",
        ]
        for version in 1...frozen {
            let clients =
                version == frozen ? "clients of contract \(version) and newer apps" : "clients of contract \(version)"
            lines.append(
                "| `contracts/\(version)/schema.json` | what \(clients) receive: `contracts/\(version)/screens/<id>`"
                    + ", and `screens/<id>` of screens whose minContract is \(version) |")
        }
        lines.append(
            "| `contracts/full/schema.json` | the full envelopes (the manifest's `full` objects), inline fallbacks included |"
        )
        return lines
    }
}
