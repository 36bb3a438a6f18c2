import ScreenCompiler
import ScreenCrypto

/// Which installed clients get what of each screen a manifest lists: the full payload, a payload
/// with fallbacks, or nothing.
///
/// A client of contract `k` fetches `contracts/<k>/screens/<id>`: with no variant for `k` (`k` below
/// the screen's minContract) it cannot fetch the screen; a variant whose object is the newest
/// variant's (variants share bytes when the payload is the same) is the full payload; any other is
/// a payload with fallbacks. A client newer than the manifest's contract gets the newest variant.
struct ClientCoverage {
    /// What the clients of one contract version get of a screen.
    enum Outcome: Hashable {
        /// The newest payload.
        case full
        /// A payload with fallbacks for these contract elements (`component:productCard`); nil when
        /// they are unknown because the manifest was not built from this checkout.
        case fallbacks([String]?)
        /// No variant for them: the screen needs a newer contract.
        case cannotFetch
    }

    /// The clients of one contract version and what they get of one screen.
    struct Group {
        /// The contract version served (a client newer than the manifest's is served the newest).
        let contract: Int
        let outcome: Outcome
        /// Their share.
        let share: Double
        /// Their app versions, in file order.
        let appVersions: [String]
    }

    /// One screen's coverage.
    struct Screen {
        let id: String
        let minContract: Int
        /// One group per contract version served, oldest first.
        let groups: [Group]

        var full: Double { share { $0 == .full } }
        var fallbacks: Double {
            share {
                if case .fallbacks = $0 { true } else { false }
            }
        }
        var cannotFetch: Double { share { $0 == .cannotFetch } }

        private func share(_ matches: (Outcome) -> Bool) -> Double {
            groups.filter { matches($0.outcome) }.reduce(0) { $0 + $1.share }
        }
    }

    /// The manifest's SHA-256.
    let manifestHash: String
    /// The manifest's (current) contract version.
    let contract: Int
    /// The installed clients.
    let clients: [InstalledClients.Client]
    /// The screens, sorted by ID.
    let screens: [Screen]
    /// What the reader should know: clients newer than the manifest, elements that are unknown.
    let notes: [String]

    /// The contract version a client of `contract` is served.
    func served(_ contract: Int) -> Int { Swift.min(contract, self.contract) }

    /// Whether some screen's fallback elements are unknown.
    let hasUnknownElements: Bool

    /// The coverage of `manifest` for `clients`; fallback elements come from the first of `builds`
    /// (this checkout compiled, in each style) whose variants hash to the manifest's objects.
    init(manifest: Manifest, hash: String, clients: InstalledClients, builds: [[CompiledScreen]], notes: [String]) {
        manifestHash = hash
        contract = manifest.contract
        self.clients = clients.clients
        let byID = builds.map { Dictionary($0.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) }
        var notes = notes
        var unknown: [String] = []
        let current = manifest.contract
        let versions = Set(clients.clients.map { Swift.min($0.contract, current) }).sorted()
        screens = manifest.screens.map { screen in
            let newest = screen.variants.first { $0.contract == current } ?? screen.variants.last
            let groups = versions.map { version in
                let members = clients.clients.filter { Swift.min($0.contract, current) == version }
                let outcome: Outcome
                if let variant = screen.variants.first(where: { $0.contract == version }) {
                    if variant.object == newest?.object {
                        outcome = .full
                    } else {
                        let elements = byID.lazy.compactMap {
                            Self.elements($0[screen.id], contract: version, object: variant.object, newest: newest)
                        }.first
                        if elements == nil { unknown.append(screen.id) }
                        // Bytes of their own that apply no fallback (analytics events left out) render fully.
                        outcome = elements == [] ? .full : .fallbacks(elements)
                    }
                } else {
                    outcome = .cannotFetch
                }
                return Group(
                    contract: version, outcome: outcome, share: members.reduce(0) { $0 + $1.share },
                    appVersions: members.map(\.appVersion))
            }
            return Screen(id: screen.id, minContract: screen.minContract, groups: groups)
        }
        let unknownScreens = Array(Set(unknown)).sorted()
        hasUnknownElements = !unknownScreens.isEmpty
        if !unknownScreens.isEmpty {
            notes.append(
                "the fallback elements of \(unknownScreens.joined(separator: ", ")) are unknown: this checkout does not build the manifest's objects for \(unknownScreens.count == 1 ? "it" : "them") (built from another commit?)"
            )
        }
        self.notes = notes
    }

    /// The contract elements clients of `contract` get fallbacks for, from this checkout's build:
    /// its variant's fallbacks (``Downgrade/isFallback``) less those the newest variant has too
    /// (pending elements, which no client gets). Nil unless both variants hash to the manifest's objects.
    private static func elements(
        _ compiled: CompiledScreen?, contract: Int, object: String, newest: Manifest.Variant?
    ) -> [String]? {
        guard let compiled, let newest, let variant = compiled.variant(for: contract),
            let latest = compiled.variant(for: newest.contract),
            SHA256.hexDigest(variant.envelope) == object, SHA256.hexDigest(latest.envelope) == newest.object
        else { return nil }
        let pending = Set(latest.downgrades.map(\.element))
        var seen: Set<String> = []
        return variant.downgrades.filter(\.isFallback).map(\.element).filter {
            !pending.contains($0) && seen.insert($0).inserted
        }.sorted()
    }

    /// The screens whose full share is below `minimum`.
    func screens(below minimum: Double) -> [Screen] {
        screens.filter { $0.full < minimum - 1e-9 }
    }
}

/// How coverage reports write shares.
enum CoverageNumbers {
    /// `0.6105` as `61.1%` (tenths of a percent, rounded half away from zero).
    static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// `value` with `digits` decimals, e.g. `0.9500`.
    static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let fraction = String(scaled % scale)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return (value < 0 ? "-" : "") + "\(scaled / scale)" + (digits > 0 ? "." + padded : "")
    }

    /// `value` rounded to six decimals, for JSON.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
