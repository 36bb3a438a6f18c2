import ScreenJSON

/// The output formats of `contract coverage`.
enum CoverageFormat: String, CaseIterable, OutputFormat {
    case text, markdown, json
}

/// `contract coverage`'s report in each format; deterministic for the same manifest and installs.
struct CoverageReport {
    let coverage: ClientCoverage
    /// Where the manifest came from, as given (`dist`, `s3://shop/screens`).
    let source: String
    /// The installs file, as given.
    let installs: String
    /// `--min-full-share`, when given.
    let minimum: Double?

    func render(_ format: CoverageFormat) -> String {
        switch format {
        case .text: text
        case .markdown: markdown
        case .json: json
        }
    }

    private var below: [ClientCoverage.Screen] { minimum.map { coverage.screens(below: $0) } ?? [] }

    private var heading: String {
        let count = coverage.clients.count
        return
            "manifest \(coverage.manifestHash.prefix(12)) (contract \(coverage.contract)) of \(source), \(count) client version\(count == 1 ? "" : "s") from \(installs)"
    }

    /// `4.0.0, 4.1.3`.
    private static func versions(_ group: ClientCoverage.Group) -> String { group.appVersions.joined(separator: ", ") }

    /// What a non-full group gets, in words.
    private static func outcome(_ group: ClientCoverage.Group, minContract: Int, code: Bool) -> String {
        switch group.outcome {
        case .full: return "full"
        case .cannotFetch: return "cannot fetch (needs contract \(minContract))"
        case .fallbacks(let elements?):
            return "fallbacks for " + elements.map { code ? "`\($0)`" : $0 }.joined(separator: ", ")
        case .fallbacks(nil): return "fallbacks (elements unknown)"
        }
    }

    private var text: String {
        var lines = ["contract coverage: \(heading)"]
        let width = coverage.screens.map(\.id.count).max() ?? 0
        for screen in coverage.screens {
            let name = screen.id.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append(
                "\(name)  full \(CoverageNumbers.percent(screen.full)), fallbacks \(CoverageNumbers.percent(screen.fallbacks)), cannot fetch \(CoverageNumbers.percent(screen.cannotFetch))"
            )
            for group in screen.groups where group.outcome != .full {
                lines.append(
                    "  contract \(group.contract) (\(CoverageNumbers.percent(group.share)): \(Self.versions(group))): \(Self.outcome(group, minContract: screen.minContract, code: false))"
                )
            }
        }
        for note in coverage.notes { lines.append("note: \(note)") }
        if let minimum {
            lines.append(
                below.isEmpty
                    ? "every screen renders fully for at least \(CoverageNumbers.percent(minimum)) of clients"
                    : "\(below.count) of \(coverage.screens.count) screens render fully for less than \(CoverageNumbers.percent(minimum)) of clients: \(below.map(\.id).joined(separator: ", "))"
            )
        }
        return lines.joined(separator: "\n")
    }

    private var markdown: String {
        var lines: [String] = []
        if let minimum {
            lines.append(
                below.isEmpty
                    ? "## ScreenKit `contract coverage`: ✅ every screen renders fully for at least \(CoverageNumbers.percent(minimum)) of clients"
                    : "## ScreenKit `contract coverage`: ❌ \(below.count) of \(coverage.screens.count) screens below \(CoverageNumbers.percent(minimum)) full"
            )
        } else {
            lines.append("## ScreenKit `contract coverage`")
        }
        lines.append("")
        let count = coverage.clients.count
        lines.append(
            "Manifest `\(coverage.manifestHash.prefix(12))` (contract \(coverage.contract)) of `\(source)`, \(count) client version\(count == 1 ? "" : "s") from `\(installs)`."
        )
        lines.append("")
        lines.append("| screen | full | fallbacks | cannot fetch | clients not fully served |")
        lines.append("| --- | ---: | ---: | ---: | --- |")
        let failing = Set(below.map(\.id))
        for screen in coverage.screens {
            let details = screen.groups.filter { $0.outcome != .full }.map { group in
                "contract \(group.contract) (\(CoverageNumbers.percent(group.share)): \(Self.versions(group))): \(Self.outcome(group, minContract: screen.minContract, code: true))"
            }
            let full = CoverageNumbers.percent(screen.full)
            lines.append(
                "| `\(screen.id)` | \(failing.contains(screen.id) ? "❌ " + full : full) | \(CoverageNumbers.percent(screen.fallbacks)) | \(CoverageNumbers.percent(screen.cannotFetch)) | \(details.isEmpty ? "—" : details.joined(separator: "<br>")) |"
            )
        }
        if !coverage.notes.isEmpty {
            lines.append("")
            for note in coverage.notes { lines.append("- \(note)") }
        }
        return lines.joined(separator: "\n")
    }

    private var json: String {
        let failing = Set(below.map(\.id))
        let clients = coverage.clients.map { client in
            JSONValue.object([
                .init("appVersion", .string(client.appVersion)), .init("contract", Self.integer(client.contract)),
                .init("served", Self.integer(coverage.served(client.contract))),
                .init("share", Self.share(client.share)),
            ])
        }
        let screens = coverage.screens.map { screen in
            let groups = screen.groups.map { group in
                var members: [JSONMember] = [.init("contract", Self.integer(group.contract))]
                switch group.outcome {
                case .full: members.append(.init("outcome", .string("full")))
                case .cannotFetch: members.append(.init("outcome", .string("cannotFetch")))
                case .fallbacks(let elements):
                    members.append(.init("outcome", .string("fallbacks")))
                    members.append(.init("elements", elements.map { .array($0.map(JSONValue.string)) } ?? .null))
                }
                members.append(.init("share", Self.share(group.share)))
                members.append(.init("appVersions", .array(group.appVersions.map(JSONValue.string))))
                return JSONValue.object(members)
            }
            var members: [JSONMember] = [
                .init("id", .string(screen.id)), .init("minContract", Self.integer(screen.minContract)),
                .init("full", Self.share(screen.full)), .init("fallbacks", Self.share(screen.fallbacks)),
                .init("cannotFetch", Self.share(screen.cannotFetch)),
            ]
            if minimum != nil { members.append(.init("belowMinimum", .bool(failing.contains(screen.id)))) }
            members.append(.init("contracts", .array(groups)))
            return JSONValue.object(members)
        }
        var members: [JSONMember] = [
            .init("format", Self.integer(1)), .init("command", .string("contract coverage")),
            .init("manifest", .string(coverage.manifestHash)), .init("contract", Self.integer(coverage.contract)),
            .init("source", .string(source)), .init("installs", .string(installs)),
        ]
        if let minimum { members.append(.init("minFullShare", Self.share(minimum))) }
        members += [
            .init("clients", .array(clients)), .init("screens", .array(screens)),
            .init("notes", .array(coverage.notes.map(JSONValue.string))),
        ]
        var json = JSONWriter(style: .pretty)
        json.value(.object(members))
        return String(decoding: json.takeBytes(), as: UTF8.self)
    }

    private static func integer(_ value: Int) -> JSONValue { .number("\(value)") }

    /// A share rounded to six decimals, in the shortest text that reads back the same.
    private static func share(_ value: Double) -> JSONValue {
        var bytes: [UInt8] = []
        _ = appendJSONNumber(CoverageNumbers.rounded(value), to: &bytes)
        return .number(String(decoding: bytes, as: UTF8.self))
    }
}
