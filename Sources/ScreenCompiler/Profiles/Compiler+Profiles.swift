import Dispatch
import Foundation
import ScreenJSON
import ScreenKit

extension Compiler {
    /// `screens` (compiled from ``screens``, in order) in the wire profile of each version
    /// (`views`, oldest first; the full envelope in the catalog's profile): unchanged for the flat
    /// format; with a profile that lists layouts, each screen's device layouts merged into one
    /// document per envelope and variant.
    func shaped(_ screens: [CompiledScreen], views: [VersionView], style: JSONStyle) -> [CompiledScreen] {
        guard !catalog.profile.isFlat || views.contains(where: { !$0.profile.isFlat }) else { return screens }
        let writers = ProfileWriters(catalog: catalog, views: views, style: style)
        let values = Dictionary(self.screens.map { ($0.id, $0.envelopeValues) }) { first, _ in first }
        guard catalog.profile.envelope.layouts != nil else {
            return Self.shaped(screens, writers: writers, values: values)
        }
        let byID = Dictionary(screens.map { ($0.id, $0) }) { first, _ in first }
        return catalog.screens.compactMap { screen in
            if screen.layouts.isEmpty {
                return byID[screen.id].map { shaped($0, writers: writers, values: screen.envelopeValues) }
            }
            let parts = screen.layouts.compactMap { layout in
                byID[Screen.layoutID(screen.id, device: layout.device)].map { (layout.device, $0) }
            }
            guard parts.count == screen.layouts.count, let first = parts.first?.1,
                parts.allSatisfy({ $0.1.variants.count == first.variants.count })
            else { return nil }
            func merged(_ writer: ProfileWriter, _ flats: [(String, [UInt8])]) -> [UInt8] {
                writer.writeLayouts(
                    of: screen.id, flats, values: screen.envelopeValues,
                    entry: writer.profile.envelope.layouts ?? WireProfile.Layouts())
            }
            return CompiledScreen(
                id: screen.id, minContract: first.minContract, contract: first.contract,
                full: merged(writers.full, parts.map { ($0.0, $0.1.full) }),
                variants: first.variants.indices.map { index in
                    let version = first.variants[index].contract
                    return CompiledScreen.Variant(
                        contract: version,
                        envelope: merged(
                            writers.writer(for: version), parts.map { ($0.0, $0.1.variants[index].envelope) }),
                        downgrades: parts.flatMap { $0.1.variants[index].downgrades })
                })
        }
    }

    /// `screen`'s envelopes, each written in its version's profile.
    private func shaped(_ screen: CompiledScreen, writers: ProfileWriters, values: [String: String]) -> CompiledScreen {
        func variants(_ variants: [CompiledScreen.Variant]) -> [CompiledScreen.Variant] {
            variants.map {
                CompiledScreen.Variant(
                    contract: $0.contract,
                    envelope: writers.writer(for: $0.contract).write($0.envelope, values: values),
                    downgrades: $0.downgrades)
            }
        }
        var shaped = CompiledScreen(
            id: screen.id, minContract: screen.minContract, contract: screen.contract,
            full: writers.full.write(screen.full, values: values), variants: variants(screen.variants))
        shaped.experiments = screen.experiments
        shaped.combinations = screen.combinations.map {
            .init(arms: $0.arms, full: writers.full.write($0.full, values: values), variants: variants($0.variants))
        }
        return shaped
    }

    /// Every envelope of `screens`, each written in its version's profile (one screen per layout),
    /// all of them at once on the processors available. A variant that shares its flat bytes with
    /// the one before (the same payload) and is written in the same profile shares its bytes again.
    private static func shaped(
        _ screens: [CompiledScreen], writers: ProfileWriters, values: [String: [String: String]]
    ) -> [CompiledScreen] {
        // One job per envelope written: the full envelope (variant -1) or a variant; `source`
        // is, for each envelope in order, the job whose bytes it takes.
        var jobs: [(screen: Int, variant: Int)] = []
        var source: [Int] = []
        for (index, screen) in screens.enumerated() {
            jobs.append((index, -1))
            source.append(jobs.count - 1)
            for (variant, written) in screen.variants.enumerated() {
                if variant > 0, written.envelope == screen.variants[variant - 1].envelope,
                    writers.writer(for: written.contract).profile
                        == writers.writer(for: screen.variants[variant - 1].contract).profile
                {
                    source.append(source[source.count - 1])
                } else {
                    jobs.append((index, variant))
                    source.append(jobs.count - 1)
                }
            }
        }
        let written = ShapedEnvelopes(count: jobs.count)
        let planned = jobs
        DispatchQueue.concurrentPerform(iterations: planned.count) { job in
            let (index, variant) = planned[job]
            let screen = screens[index]
            let screenValues = values[screen.id] ?? [:]
            written[job] =
                variant < 0
                ? writers.full.write(screen.full, values: screenValues)
                : writers.writer(for: screen.variants[variant].contract).write(
                    screen.variants[variant].envelope, values: screenValues)
        }
        let bytes = written.values
        var next = 0
        return screens.map { screen in
            let full = bytes[source[next]]
            next += 1
            let variants = screen.variants.map { variant in
                defer { next += 1 }
                return CompiledScreen.Variant(
                    contract: variant.contract, envelope: bytes[source[next]], downgrades: variant.downgrades)
            }
            var shaped = CompiledScreen(
                id: screen.id, minContract: screen.minContract, contract: screen.contract, full: full,
                variants: variants)
            // The other combinations of a screen's experiment arms (few, and rare): one by one.
            let screenValues = values[screen.id] ?? [:]
            shaped.experiments = screen.experiments
            shaped.combinations = screen.combinations.enumerated().map { index, combination in
                index == 0
                    ? CompiledScreen.Combination(arms: combination.arms, full: full, variants: variants)
                    : CompiledScreen.Combination(
                        arms: combination.arms, full: writers.full.write(combination.full, values: screenValues),
                        variants: combination.variants.map {
                            CompiledScreen.Variant(
                                contract: $0.contract,
                                envelope: writers.writer(for: $0.contract).write($0.envelope, values: screenValues),
                                downgrades: $0.downgrades)
                        })
            }
            return shaped
        }
    }

    /// One document holding every device layout of `screen`, from each layout's flat variant for
    /// clients of `version`, in the profile that version's clients decode (see
    /// ``WireProfile/Envelope/layouts``).
    public func shapedLayouts(
        of screen: Screen, _ parts: [(device: String, flat: [UInt8])], for version: Int, history: PreparedHistory,
        style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        return ProfileWriter(catalog: catalog, profile: profile, style: style).writeLayouts(
            of: screen.id, parts, values: screen.envelopeValues,
            entry: profile.envelope.layouts ?? WireProfile.Layouts())
    }

    /// `bytes` (`screen`'s flat variant for clients of `version`) in the wire profile those clients
    /// decode (unchanged for the flat format).
    public func shaped(
        _ bytes: [UInt8], of screen: Screen, for version: Int, history: PreparedHistory, style: JSONStyle = .compact
    ) -> [UInt8] {
        let profile = history.profile(for: version)
        guard !profile.isFlat else { return bytes }
        return ProfileWriter(catalog: catalog, profile: profile, style: style).write(
            bytes, values: screen.envelopeValues)
    }
}

/// Envelopes written by parallel workers, each index written exactly once.
final class ShapedEnvelopes: @unchecked Sendable {
    /// Guards `storage`.
    private let lock = NSLock()
    /// The envelopes, empty until written.
    private var storage: [[UInt8]]

    /// Room for `count` envelopes.
    init(count: Int) {
        storage = Array(repeating: [], count: count)
    }

    /// The envelope at `index`.
    subscript(index: Int) -> [UInt8] {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// The envelopes in order.
    var values: [[UInt8]] { lock.withLock { storage } }
}

/// A profile writer per distinct profile of the served versions, and the catalog's for the full
/// envelope.
struct ProfileWriters: Sendable {
    /// The writer of the catalog's profile.
    let full: ProfileWriter
    private let byVersion: [Int: ProfileWriter]

    init(catalog: Catalog, views: [VersionView], style: JSONStyle) {
        full = ProfileWriter(catalog: catalog, style: style)
        var byVersion: [Int: ProfileWriter] = [:]
        for view in views where view.profile != catalog.profile {
            byVersion[view.version] = ProfileWriter(catalog: catalog, profile: view.profile, style: style)
        }
        self.byVersion = byVersion
    }

    /// The writer for clients of `version`.
    func writer(for version: Int) -> ProfileWriter { byVersion[version] ?? full }
}
