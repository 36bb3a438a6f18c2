import ScreenCompiler

/// The regular expression the routers decide most `Accept-Language` headers with in one match
/// (`SCREENKIT_FIRST_RANGE`): a header whose first item is a well-formed language range without
/// parameters (so of quality 1, and first) whose RFC 4647 lookup finds one of the configured
/// locales, capturing that locale's tag as the header spells it.
///
/// `^(?=RANGE(?![^,]))(TAG|…)(?:-[A-Za-z0-9]{1,8})*(?![^,])`: the look-ahead holds the whole item to
/// the routers' well-formed range (1 to 8 ASCII letters, then up to 15 subtags of 1 to 8 letters or
/// digits); the tags, most subtags first, each letter as `[Xx]`, match where lookup would stop (at
/// the longest tag the range starts with at a subtag's end). ASCII classes only, no case-insensitive
/// flag (which could fold `K` or `ſ` into `k` and `s`), and `(?![^,])` for the item's end, which no
/// engine reads as "before a final newline" as PCRE's `$` does.
enum EdgeFirstRange {
    /// The pattern for `locales` (between the slashes of a literal), or nil when some tag is not a
    /// well-formed range or has a single-letter subtag (lookup skips those: the routers then
    /// negotiate every header item by item).
    static func pattern(of locales: Manifest.Locales?) -> String? {
        guard let tags = tags(of: locales) else { return nil }
        return "^(?=\(item))(\(tags.map(\.pattern).joined(separator: "|")))\(rest)"
    }

    /// For nginx's `map`, which gives one value per pattern: a pattern per locale (to follow a
    /// `^`), in the order they are to be tried (the same as ``pattern(of:)``'s alternatives); nil
    /// as there.
    static func patterns(of locales: Manifest.Locales?) -> [(pattern: String, locale: String)]? {
        tags(of: locales).map { tags in tags.map { ("(?=\(item))\($0.pattern)\(rest)", $0.locale) } }
    }

    /// A well-formed range as the whole first item.
    static let item = "[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,15}(?![^,])"
    /// The range's subtags past the tag, to the item's end.
    static let rest = "(?:-[A-Za-z0-9]{1,8})*(?![^,])"

    /// Each tag as a pattern (`[Dd][Ee]-[Cc][Hh]`) with its locale, most subtags first, then as
    /// the table lists them; nil when lookup could skip one.
    static func tags(of locales: Manifest.Locales?) -> [(pattern: String, locale: String)]? {
        guard let locales else { return nil }
        var tags: [(subtags: [Substring], locale: String)] = []
        for (tag, locale) in EdgeTable.tags(of: locales) {
            let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            guard subtags.count <= 16, subtags.allSatisfy({ (2...8).contains($0.utf8.count) }),
                subtags[0].utf8.allSatisfy(isLowercaseLetter),
                subtags.dropFirst().allSatisfy({ $0.utf8.allSatisfy { isLowercaseLetter($0) || isDigit($0) } })
            else { return nil }
            tags.append((subtags, locale))
        }
        // Most subtags first (lookup stops at the longest), then as the table lists them.
        let ordered = tags.enumerated().sorted {
            ($0.element.subtags.count, $1.offset) > ($1.element.subtags.count, $0.offset)
        }
        return ordered.map { entry in
            let pattern = entry.element.subtags.map { subtag in
                subtag.utf8.map { byte in
                    isDigit(byte)
                        ? String(UnicodeScalar(byte)) : "[\(UnicodeScalar(byte - 0x20))\(UnicodeScalar(byte))]"
                }.joined()
            }.joined(separator: "-")
            return (pattern, entry.element.locale)
        }
    }

    static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
