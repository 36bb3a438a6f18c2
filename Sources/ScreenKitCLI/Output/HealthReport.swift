import ScreenRendering

/// The contract-health counters as a report for people: the fallback hit rate per contract
/// version served, the fallbacks by element, clients too old, the versions clients declare, and
/// every response count — as text or Markdown.
struct HealthReport {
    /// The counters (``ContractHealthMetrics/counters()``).
    let families: [ContractHealthFamily]
    /// The records counted.
    let records: Int

    /// One titled table.
    struct Section {
        let title: String
        let header: [String]
        let rows: [[String]]
    }

    /// The series of the family `name`, each as its labels by name and its value.
    func series(_ name: String) -> [(labels: [String: String], value: Int)] {
        (families.first { $0.name == name }?.series ?? []).map { series in
            (
                Dictionary(series.labels.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
                series.value
            )
        }
    }

    var sections: [Section] {
        let responses = series("screenkit_responses_total")
        let withFallback = series("screenkit_fallback_responses_total")
        var served: [Int: Int] = [:]
        for (labels, value) in responses where labels["status"] == "200" || labels["status"] == "304" {
            served[Int(labels["served_version"] ?? "") ?? 0, default: 0] += value
        }
        var fallback: [Int: Int] = [:]
        for (labels, value) in withFallback { fallback[Int(labels["served_version"] ?? "") ?? 0, default: 0] += value }
        let rates = served.keys.sorted().map { version in
            let hits = fallback[version] ?? 0
            return ["\(version)", "\(served[version]!)", "\(hits)", Self.percent(hits, of: served[version]!)]
        }
        let fallbacks = series("screenkit_fallbacks_total").sorted { $0.value > $1.value }.map {
            [$0.labels["element"] ?? "", $0.labels["served_version"] ?? "", "\($0.value)"]
        }
        let tooOld = series("screenkit_clients_too_old_total").map {
            [$0.labels["screen"] ?? "", $0.labels["client_version"] ?? "", "\($0.value)"]
        }
        var declared: [String: Int] = [:]
        for (labels, value) in series("screenkit_client_responses_total") {
            declared[labels["client_version"] ?? "", default: 0] += value
        }
        let clients = declared.sorted { Self.versionOrder($0.key, $1.key) }.map {
            [$0.key, "\($0.value)", Self.percent($0.value, of: records)]
        }
        let all = responses.map {
            [$0.labels["screen"] ?? "", $0.labels["served_version"] ?? "", $0.labels["status"] ?? "", "\($0.value)"]
        }
        // The apps' own failures: a section only when the logs held any (a report of records
        // alone is what it was).
        let failed = series("screenkit_client_render_failures_total").sorted { $0.value > $1.value }.map {
            [
                $0.labels["screen"] ?? "", $0.labels["client_version"] ?? "", $0.labels["reason"] ?? "",
                $0.labels["release"] ?? "", "\($0.value)",
            ]
        }
        let failures =
            failed.isEmpty
            ? []
            : [
                Section(
                    title: "Render failures the apps reported (render_failed)",
                    header: ["screen", "declared", "reason", "release", "failures"], rows: failed)
            ]
        return [
            Section(
                title: "Fallback hit rate by contract version served (200 and 304)",
                header: ["version", "responses", "with a fallback", "rate"], rows: rates),
            Section(
                title: "Fallbacks by contract element", header: ["element", "version", "fallbacks"], rows: fallbacks),
            Section(
                title: "Clients too old (406) by screen and declared version",
                header: ["screen", "declared", "requests"], rows: tooOld),
            Section(
                title: "Contract versions clients declare", header: ["declared", "responses", "share"], rows: clients),
            Section(
                title: "Responses by screen, version served and status",
                header: ["screen", "version", "status", "responses"], rows: all),
        ] + failures
    }

    var text: String {
        var out = "contract health of \(records) response\(records == 1 ? "" : "s")\n"
        for section in sections {
            out += "\n\(section.title):\n"
            guard !section.rows.isEmpty else {
                out += "  none\n"
                continue
            }
            let table = [section.header] + section.rows
            let widths = section.header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
            for row in table {
                let cells = row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                }
                out += "  " + cells.joined(separator: "  ") + "\n"
            }
        }
        return out
    }

    var markdown: String {
        var out = "# Contract health\n\n\(records) response\(records == 1 ? "" : "s") counted.\n"
        for section in sections {
            out += "\n## \(section.title)\n\n"
            guard !section.rows.isEmpty else {
                out += "None.\n"
                continue
            }
            out += "| " + section.header.joined(separator: " | ") + " |\n"
            out += "|" + section.header.map { _ in "---|" }.joined() + "\n"
            for row in section.rows {
                out +=
                    "| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
            }
        }
        return out
    }

    /// `12.5 %` of `part` in `whole`, one decimal.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        let tenths = (part * 1000 + whole / 2) / whole
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// Declared versions in order: none, malformed, then by number, then newer.
    static func versionOrder(_ left: String, _ right: String) -> Bool {
        func rank(_ value: String) -> (Int, Int) {
            switch value {
            case "none": (0, 0)
            case "malformed": (1, 0)
            case "newer": (3, 0)
            default: (2, Int(value) ?? 0)
            }
        }
        return rank(left) < rank(right)
    }
}
