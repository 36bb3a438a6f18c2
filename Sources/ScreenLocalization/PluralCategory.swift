/// A CLDR plural category: which form of a counted phrase a language uses for a number
/// (`1 order`, `5 orders`; Polish has `one`, `few`, `many` and `other`).
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// CLDR `zero` (Arabic 0, Latvian 0, 10…).
    case zero
    /// CLDR `one`.
    case one
    /// CLDR `two`.
    case two
    /// CLDR `few`.
    case few
    /// CLDR `many`.
    case many
    /// CLDR `other`, which every language has.
    case other

    /// In CLDR's order: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
