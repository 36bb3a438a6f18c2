/// An Xcode String Catalog (`Localizable.xcstrings`), read exactly as Xcode writes it: every key's
/// localizations with their states, plural and device variations and substitutions, each value
/// parsed into a ``FormatString``.
public struct StringCatalog: Sendable, Hashable {
    /// The catalog format this code reads: the `version` Xcode writes.
    public static let version = "1.0"

    /// The language the keys are written in (`en`).
    public let sourceLanguage: String
    /// The entries by key (the key is also the source text when the source language has no
    /// localization of its own).
    public let entries: [String: Entry]
    /// The keys and localizations that could not be read (a translator's malformed specifier, an
    /// unknown state…), in file order: each is left out of ``entries`` and the rest is used. Where
    /// a problem matters — a key a screen uses, in a locale that is served — the checks make it an
    /// error; elsewhere it is one warning. A file that is not a catalog, or one over a
    /// ``StringCatalogLimits`` limit, is never read in part: ``decode(_:path:)`` throws.
    public let problems: [ReadError]

    /// A catalog of `entries` in `sourceLanguage`, with the `problems` left out of it.
    init(sourceLanguage: String, entries: [String: Entry], problems: [ReadError] = []) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
        self.problems = problems
    }

    /// One key of the catalog.
    public struct Entry: Sendable, Hashable {
        /// The comment for translators, if any.
        public let comment: String?
        /// How Xcode found the key (`manual`, `stale`, `extracted_with_value`, `migrated`…), if it says.
        public let extractionState: String?
        /// Whether the key is to be translated (`"shouldTranslate" : false` says not).
        public let shouldTranslate: Bool
        /// The localizations by locale (`en`, `fr`, `pt-BR`); a locale may lack some keys.
        public let localizations: [String: Localization]
    }

    /// One key in one locale.
    public struct Localization: Sendable, Hashable {
        /// The value: one string unit, or variations.
        public let value: LocalizedValue
        /// The substitutions its `%#@name@` references format, by name.
        public let substitutions: [String: Substitution]
    }

    /// A substitution: one argument of a value with several counted arguments, formatted by its own
    /// plural variations (`%#@apples@ and %#@oranges@`).
    public struct Substitution: Sendable, Hashable {
        /// The argument it formats, from 1: its `argNum`, or where `argNum` is left out, the
        /// position of its `%#@name@` reference among the value's specifiers (as `.stringsdict` did).
        public let argument: Int
        /// Its `formatSpecifier` as written (`lld`).
        public let formatSpecifier: String
        /// The type of its argument, from the specifier.
        public let type: ArgumentType
        /// Its forms by plural category; `%arg` in them stands for the argument.
        public let plural: [PluralCategory: LocalizedValue]
    }

    /// Why a catalog could not be read, naming the key and locale where there is one.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The catalog's path.
        public let path: String
        /// The key the problem is in, if any.
        public let key: String?
        /// The locale the problem is in, if any.
        public let locale: String?
        /// What is wrong.
        public let message: String
        /// Whether a ``StringCatalogLimits`` limit was exceeded (rather than the catalog malformed).
        public let isLimit: Bool

        /// `Localizable.xcstrings: key "Hello", locale fr: unknown state "done" …`.
        public var description: String {
            var place = path
            if let key { place += ": key \"\(key.count > 60 ? String(key.prefix(60)) + "…" : key)\"" }
            if let locale { place += ", locale \(locale.count > 30 ? String(locale.prefix(30)) + "…" : locale)" }
            return "\(place): \(message)"
        }
    }

    /// Reads the bytes of the catalog at `path` (named in errors): limits first, then the
    /// `version`, then the rest. Members Xcode may add that this reader does not know are ignored;
    /// a key or localization that cannot be read is left out and listed in ``problems``.
    public static func decode(_ bytes: [UInt8], path: String) throws(ReadError) -> StringCatalog {
        var reader = StringCatalogReader(path: path)
        return try reader.read(bytes)
    }
}

/// A key's value in one locale: a string unit, or forms chosen by plural category or device.
public indirect enum LocalizedValue: Sendable, Hashable {
    /// One string with its translation state.
    case unit(TranslationState, FormatString)
    /// Forms by the plural category of the value's counted argument.
    case plural([PluralCategory: LocalizedValue])
    /// Forms by the device the app runs on.
    case device([Device: LocalizedValue])
}

/// How far a string unit's translation has come, as Xcode marks it.
public enum TranslationState: String, Sendable, Hashable, CaseIterable {
    /// Translated and current.
    case translated
    /// Translated, but to be reviewed (`needs_review`).
    case needsReview = "needs_review"
    /// Added, not translated yet.
    case new
    /// Its key is no longer found in the source code.
    case stale
}

/// A device a device variation is for, as String Catalogs name them.
public enum Device: String, Sendable, Hashable, CaseIterable {
    /// iPhone.
    case iphone
    /// iPad.
    case ipad
    /// Mac.
    case mac
    /// Apple Watch.
    case watch
    /// Apple TV.
    case appletv
    /// Apple Vision Pro.
    case applevision
    /// Any other device.
    case other
}
