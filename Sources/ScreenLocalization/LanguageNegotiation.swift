/// Picks the locale a request is answered in: the `Accept-Language` header's language ranges, in
/// order of their quality values, matched against the configured locales by RFC 4647 lookup.
///
/// Lookup tries each range, then the range with its last subtag removed, and so on
/// (`de-AT-1996` → `de-AT` → `de`; a single-letter subtag left at the end goes with it), comparing
/// without regard to case; the first configured locale found wins. Ranges with `q=0` are never
/// chosen; `*` and ranges that match nothing fall through to the next one; with none left the
/// default locale answers. A malformed or huge header is never an error: what cannot be read is
/// skipped, and reading stops at the limits.
public struct LanguageNegotiation: Sendable {
    /// The longest header read, in bytes; a longer one gets the default locale.
    public static let maximumHeaderBytes = 4096
    /// The most language ranges read from one header.
    public static let maximumRanges = 32

    /// The configured locales, as configured (`de-AT`, `pt-BR`).
    public let locales: [String]
    /// The locale that answers when no range matches.
    public let defaultLocale: String
    /// Each configured locale by its lowercased tag (`_` read as `-`).
    private let byTag: [String: String]
    /// The headers of one range that name a configured locale outright (`en`, `de-at`, `pt-BR`),
    /// answered without parsing, as parsing would answer them.
    private let direct: [String: String]

    /// A negotiation among `locales`, answering `defaultLocale` when nothing matches.
    public init(locales: [String], defaultLocale: String) {
        self.locales = locales
        self.defaultLocale = defaultLocale
        var byTag: [String: String] = [:]
        for locale in locales + [defaultLocale] where byTag[Self.normalized(locale)] == nil {
            byTag[Self.normalized(locale)] = locale
        }
        self.byTag = byTag
        var direct = byTag.filter { $0.key != "*" && Self.isLanguageRange($0.key) }
        // As configured (`pt-BR`), which is what a renderer passes on once negotiated.
        for locale in locales + [defaultLocale] where !locale.contains("_") {
            if let answer = direct[Self.normalized(locale)] { direct[locale] = answer }
        }
        self.direct = direct
    }

    /// The locale for a request whose `Accept-Language` header is `header` (nil: absent).
    public func locale(for header: String?) -> String {
        guard let header, header.utf8.count <= Self.maximumHeaderBytes else { return defaultLocale }
        if let locale = direct[header] { return locale }
        for range in Self.ranges(in: header) {
            var tag = range
            while !tag.isEmpty {
                if let locale = byTag[tag] { return locale }
                tag = Self.truncated(tag)
            }
        }
        return defaultLocale
    }

    /// The header's language ranges, best first (ties in header order), without `*`, `q=0` and
    /// anything malformed; lowercased.
    static func ranges(in header: String) -> [String] {
        var found: [(range: String, quality: Int, order: Int)] = []
        for (order, item) in header.split(separator: ",", omittingEmptySubsequences: true)
            .prefix(maximumRanges).enumerated()
        {
            let parts = item.split(separator: ";", omittingEmptySubsequences: false)
            let range = parts[0].trimmed.lowercased()
            guard range != "*", isLanguageRange(range) else { continue }
            var quality = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[0].trimmed.lowercased() == "q" else { continue }
                guard let value = qualityValue(pair[1].trimmed) else {
                    quality = -1
                    break
                }
                quality = value
            }
            guard quality > 0 else { continue }
            found.append((range, quality, order))
        }
        return found.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.range)
    }

    /// RFC 9110's `qvalue` (`0`, `0.5`, `1.000`) in thousandths; nil when malformed.
    static func qualityValue(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == 0x30 || first == 0x31, bytes.count <= 5 else { return nil }
        var value = first == 0x31 ? 1000 : 0
        if bytes.count > 1 {
            guard bytes[1] == 0x2E else { return nil }
            for (index, digit) in bytes.dropFirst(2).enumerated() {
                guard digit >= 0x30 && digit <= 0x39 else { return nil }
                value += Int(digit - 0x30) * [100, 10, 1][index]
            }
        }
        return value <= 1000 ? value : nil
    }

    /// Whether `range` is a language range: subtags of 1–8 letters or digits joined by `-`, the
    /// first letters only.
    static func isLanguageRange(_ range: String) -> Bool {
        let subtags = range.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, subtags.count <= 16 else { return false }
        func isSubtag(_ subtag: Substring, lettersOnly: Bool) -> Bool {
            (1...8).contains(subtag.utf8.count)
                && subtag.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || (!lettersOnly && $0 >= 0x30 && $0 <= 0x39) }
        }
        return isSubtag(first, lettersOnly: true) && subtags.dropFirst().allSatisfy { isSubtag($0, lettersOnly: false) }
    }

    /// `tag` without its last subtag, and without a single-letter subtag that would be left last.
    static func truncated(_ tag: String) -> String {
        var subtags = tag.split(separator: "-").dropLast()
        if let last = subtags.last, last.count == 1 { subtags = subtags.dropLast() }
        return subtags.joined(separator: "-")
    }

    /// A locale as lookup compares it: lowercased, `_` read as `-` (`pt_BR` → `pt-br`).
    public static func normalized(_ locale: String) -> String {
        locale.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The locales a translation is looked up in for `locale`, most specific first, ending with
    /// the source language: `de-AT` → `de-AT`, `de`, `en`.
    public static func fallbackChain(for locale: String, sourceLanguage: String) -> [String] {
        var chain: [String] = []
        var tag = locale.replacingOccurrences(of: "_", with: "-")
        while !tag.isEmpty {
            chain.append(tag)
            tag = truncated(tag)
        }
        if !chain.contains(where: { normalized($0) == normalized(sourceLanguage) }) { chain.append(sourceLanguage) }
        return chain
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
