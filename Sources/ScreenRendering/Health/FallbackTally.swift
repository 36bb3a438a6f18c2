import ScreenCompiler

/// A response's fallbacks counted by the contract element the client lacks, in order of first
/// appearance: a screen with hundreds of fallbacks has a handful of elements, so the observers
/// fold and count each element once instead of once per fallback, and spell each element's name
/// (`prop:text.maxLines`) once.
struct FallbackTally {
    /// Up to this many distinct elements are found by comparing; past it, by a dictionary.
    static let scanned = 8

    /// A contract element as the parts its name is spelled from (``Downgrade/elementParts``).
    struct Element: Hashable {
        let kind: String
        let name: String
        let member: String

        init(_ downgrade: Downgrade) {
            (kind, name, member) = downgrade.elementParts
        }
    }

    /// The first fallback of each distinct element, in order.
    private var firsts: [Downgrade] = []
    /// The distinct elements, in order.
    private var distinct: [Element] = []
    /// The number of fallbacks of each distinct element.
    private(set) var counts: [Int] = []
    /// The position of each distinct element, once there are more than ``scanned``.
    private var positions: [Element: Int] = [:]

    /// The fallbacks among `downgrades`, counted.
    init(_ downgrades: [Downgrade]) {
        for downgrade in downgrades where downgrade.isFallback { add(downgrade) }
    }

    /// Counts one fallback.
    mutating func add(_ downgrade: Downgrade) {
        let element = Element(downgrade)
        if let position = distinct.count > Self.scanned ? positions[element] : distinct.firstIndex(of: element) {
            counts[position] += 1
            return
        }
        firsts.append(downgrade)
        distinct.append(element)
        counts.append(1)
        guard distinct.count > Self.scanned else { return }
        if positions.isEmpty {
            for (position, element) in distinct.enumerated() { positions[element] = position }
        } else {
            positions[element] = distinct.count - 1
        }
    }

    /// Each distinct element's name (``Downgrade/element``), in order; ``counts`` counts them.
    var elements: [String] { firsts.map(\.element) }

    /// Whether no fallback was counted.
    var isEmpty: Bool { distinct.isEmpty }
}
