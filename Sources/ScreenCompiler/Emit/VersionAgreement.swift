import ScreenKit

/// What every frozen version knows of the catalog's ``PlanTable``, prepared once: each version's
/// masks, and for each element the versions that know it as bits (bit `v - 1` for version `v`).
///
/// A variant is written in one pass: on the way, the writer keeps the older versions whose every
/// choice (which nodes, props, enum values, action kinds and fields they know) matches its own so
/// far; those write exactly the same bytes. Holds the first 64 versions; a longer history leaves
/// it unused (see ``isComplete``).
struct VersionAgreement: Sendable {
    /// The versions, oldest first.
    let views: [VersionView]
    /// What each version knows, as masks over the table; index `v - 1` for version `v`.
    let masks: [EnvelopeWriter.Masks]
    /// For each element of the table, the versions that know it.
    let knowers: EnvelopeWriter.Bits
    /// For each version (index `v - 1`) and each enum case of the table (props' and action fields'):
    /// the versions that write the same value for it (the case itself, or the first value of its
    /// fallback chain they know).
    let sameCase: [[UInt64]]

    /// Whether every version has a bit.
    var isComplete: Bool { views.count <= 64 }

    init(_ views: [VersionView], context: ValidationContext) {
        var arena: [UInt8] = []
        let table = PlanTable(context, into: &arena)
        self.views = views
        masks = views.map { EnvelopeWriter.masks($0, table: table) }
        knowers = EnvelopeWriter.Bits(masks)
        // What each version writes for each case, by index in `table.cases`.
        let written = views.map { view in
            var values: [String] = Array(repeating: "", count: table.cases.count)
            for key in table.keys + table.fields where key.isEnumeration {
                let cases = table.cases[Int(key.firstCase)..<Int(key.firstCase + key.caseCount)]
                for index in cases.indices {
                    values[index] = Self.written(cases[index].value, of: cases[index].enumName, by: view) { value in
                        cases.first { $0.value == value }?.fallback
                    }
                }
            }
            return values
        }
        sameCase = written.map { mine in
            mine.indices.map { index in
                var same: UInt64 = 0
                for (version, theirs) in written.prefix(64).enumerated() where theirs[index] == mine[index] {
                    same |= 1 << UInt64(version)
                }
                return same
            }
        }
    }

    /// The value `view`'s clients get for `value` of the enum `enumName`: the value itself when
    /// they know it, else the first value of its fallback chain they know, else the value itself
    /// (a missing fallback, which the writer reports).
    static func written(
        _ value: String, of enumName: String, by view: VersionView, fallback: (String) -> String?
    ) -> String {
        guard !view.knows(value: value, of: enumName) else { return value }
        var current = value
        var visited: Set<String> = []
        while visited.insert(current).inserted {
            guard let next = fallback(current) else { break }
            if view.knows(value: next, of: enumName) { return next }
            current = next
        }
        return value
    }
}
