import ScreenAnalytics

/// The client contract versions the edge routers (or a server) observed, read from their response
/// records: `contract coverage --observed`'s installs, as shares of responses rather than of
/// installs. A log does not carry app versions, so each client is its declared contract version.
struct ObservedClients {
    /// Responses by the contract version the client declared.
    private(set) var responses: [Int: Int] = [:]
    /// Responses whose client declared no contract version, or a malformed one.
    private(set) var undeclared = 0

    /// Counts one response.
    mutating func count(_ record: ResponseRecord) {
        if let version = Int(record.client), version >= 1 {
            responses[version, default: 0] += 1
        } else {
            undeclared += 1
        }
    }

    /// The clients, one per declared contract version, with their shares of the responses that
    /// declared one. A version above `known` (the newest the manifest or the history has) is
    /// served `known`'s payload, so those are counted as one client of `known`. Nil when no
    /// response declared a version. The notes say what was left out or folded.
    func installs(known: Int) -> (clients: InstalledClients, notes: [String])? {
        let declared = responses.values.reduce(0, +)
        guard declared > 0 else { return nil }
        var notes: [String] = []
        var counts = responses.filter { $0.key <= known }
        let newer = responses.filter { $0.key > known }
        if !newer.isEmpty {
            let count = newer.values.reduce(0, +)
            counts[known + 1] = count
            notes.append(
                "\(Self.responses(count)) declared contract versions above \(known) (up to \(newer.keys.max() ?? 0)): they are served contract \(known)'s payload, counted as \"contract >\(known)\""
            )
        }
        if undeclared > 0 {
            notes.append(
                "\(Self.responses(undeclared)) declared no contract version or a malformed one (browsers, probes): left out of the shares"
            )
        }
        let clients = counts.keys.sorted(by: >).map { version in
            InstalledClients.Client(
                appVersion: version > known ? "contract >\(known)" : "contract \(version)",
                contract: min(version, known),
                share: Double(counts[version] ?? 0) / Double(declared), origin: "observed")
        }
        return (InstalledClients(clients: clients), notes)
    }

    private static func responses(_ count: Int) -> String { "\(count) response\(count == 1 ? "" : "s")" }
}
