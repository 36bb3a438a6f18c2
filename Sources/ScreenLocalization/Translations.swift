import Foundation

/// The String Catalogs an app's screens are translated with and the locales they are built for:
/// looks a key up along the fallback chain and formats it with a use's arguments, choosing plural
/// forms by CLDR's rules.
///
/// A translation is looked up in the locale, then each less specific one, then the source
/// language (`de-AT` → `de` → `en`); a string unit whose state is `new` is not a translation yet
/// and is skipped. In the source language the catalog's own value wins over the default value
/// written in Swift. Device variations are chosen for `other` (else iPhone, else the first
/// device): a server does not know the device.
public struct Translations: Sendable {
    /// The catalogs by table: the file name without `.xcstrings` (`Localizable`).
    public let tables: [String: StringCatalog]
    /// The language the keys and default values are written in, as every catalog declares it.
    public let sourceLanguage: String
    /// The locales screens are built for, the source language first, then sorted.
    public let locales: [String]
    private let rules: [String: PluralRules]
    /// Every locale along the fallback chains of ``locales``, as ``LanguageNegotiation/normalized(_:)`` writes it.
    private let served: Set<String>

    /// Why catalogs and locales cannot be used together.
    public struct SetupError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Translations from `tables` for `locales` (the source language is added when missing).
    ///
    /// Every catalog must declare the same source language, and every locale must have CLDR
    /// plural rules: a locale without is an error here, never English forms.
    public init(tables: [String: StringCatalog], locales: [String]) throws(SetupError) {
        guard let first = tables.keys.sorted().first, let source = tables[first]?.sourceLanguage else {
            throw SetupError(description: "no String Catalog is given")
        }
        for name in tables.keys.sorted() where tables[name]!.sourceLanguage != source {
            throw SetupError(
                description:
                    "the catalogs \"\(first)\" and \"\(name)\" declare different source languages (\(source), \(tables[name]!.sourceLanguage)); one app has one"
            )
        }
        var seen: Set<String> = []
        var ordered = [source]
        seen.insert(LanguageNegotiation.normalized(source))
        for locale in locales.sorted() where seen.insert(LanguageNegotiation.normalized(locale)).inserted {
            ordered.append(locale)
        }
        var rules: [String: PluralRules] = [:]
        for locale in ordered {
            guard let localeRules = PluralRules.forLocale(locale) else {
                throw SetupError(
                    description:
                        "locale \"\(locale)\" has no CLDR plural rules here (\(PluralRules.supportedLocales.count) languages have; CLDR \(PluralRules.cldrVersion)): check its spelling (BCP 47, such as de, pt-BR, zh-Hans)"
                )
            }
            rules[locale] = localeRules
        }
        self.tables = tables
        self.sourceLanguage = source
        self.locales = ordered
        self.rules = rules
        self.served = Set(
            ordered.flatMap { LanguageNegotiation.fallbackChain(for: $0, sourceLanguage: source) }.map(
                LanguageNegotiation.normalized))
    }

    /// Whether a catalog's localization named `catalogLocale` can be served: it is a configured
    /// locale, the source language, or on a configured locale's fallback chain (`de` for `de-AT`).
    /// The checks look at served localizations only; the others are never shown to anyone.
    public func serves(catalogLocale: String) -> Bool {
        served.contains(LanguageNegotiation.normalized(catalogLocale))
    }

    /// The plural rules of a configured locale.
    public func pluralRules(for locale: String) -> PluralRules? { rules[locale] ?? PluralRules.forLocale(locale) }

    /// A key's value found for a locale: where along the fallback chain it was found.
    public struct Found: Sendable, Hashable {
        /// The catalog locale it was found in (`de` for `de-AT`).
        public let locale: String
        /// The localization.
        public let localization: StringCatalog.Localization
    }

    /// The translation of `key` in `table` for `locale`, along the fallback chain; nil when no
    /// locale of the chain has one (the default value written in Swift then stands).
    public func lookup(_ key: String, table: String, locale: String) -> Found? {
        guard let entry = tables[table]?.entries[key] else { return nil }
        for candidate in LanguageNegotiation.fallbackChain(for: locale, sourceLanguage: sourceLanguage) {
            guard let (name, localization) = Self.localization(in: entry, for: candidate),
                Self.isUsable(localization.value)
            else { continue }
            return Found(locale: name, localization: localization)
        }
        return nil
    }

    /// The entry's localization for `locale`, matched exactly, else ignoring case and `_`/`-`.
    public static func localization(in entry: StringCatalog.Entry, for locale: String) -> (
        String, StringCatalog.Localization
    )? {
        if let exact = entry.localizations[locale] { return (locale, exact) }
        let wanted = LanguageNegotiation.normalized(locale)
        for name in entry.localizations.keys.sorted() where LanguageNegotiation.normalized(name) == wanted {
            return (name, entry.localizations[name]!)
        }
        return nil
    }

    /// Whether a value holds a translation: not a string unit still `new`.
    static func isUsable(_ value: LocalizedValue) -> Bool {
        if case .unit(.new, _) = value { return false }
        return true
    }

    /// `key` in `table`, translated for `locale` and formatted with `arguments`; `defaultValue`
    /// (the source-language format written in Swift) when no locale of the chain translates it.
    public func format(
        _ key: String, table: String, defaultValue: String, arguments: [FormatArgument], locale: String
    ) -> String {
        format(key, table: table, defaultValue: defaultValue, arguments: arguments, locale: locale, accents: false)
    }

    /// What formatting one string found, for a string no check saw before it was served: the
    /// locale had no translation (the source language's text stood in), or an argument is of a
    /// type its specifier does not take.
    public struct FormatNotes: Sendable, Hashable {
        /// The locale had no translation of the key: the source language's text was used.
        public var untranslated = false
        /// An argument is of another type than its specifier takes (a string for `%lld`).
        public var mismatched = false

        /// Nothing noted.
        public init() {}
    }

    /// ``format(_:table:defaultValue:arguments:locale:)``, noting in `notes` what the string lacked:
    /// the same text, from the same one lookup.
    public func format(
        _ key: String, table: String, defaultValue: String, arguments: [FormatArgument], locale: String,
        notes: inout FormatNotes
    ) -> String {
        let found = lookup(key, table: table, locale: locale)
        if !Self.sameLanguage(locale, sourceLanguage),
            found.map({ Self.sameLanguage($0.locale, sourceLanguage) }) ?? true
        {
            notes.untranslated = true
        }
        guard let found else {
            guard let format = try? FormatString.parse(defaultValue) else { return defaultValue }
            notes.mismatched = Self.mismatched(format, arguments)
            let formatter = ValueFormatter(
                arguments: arguments, locale: sourceLanguage, rules: nil, substitutions: [:], accentsLiterals: false)
            return formatter.format(format)
        }
        let formatter = ValueFormatter(
            arguments: arguments, locale: found.locale, rules: pluralRules(for: found.locale),
            substitutions: found.localization.substitutions, accentsLiterals: false)
        let chosen = formatter.chosen(found.localization.value, countedBy: formatter.countedArgument)
        notes.mismatched = Self.mismatched(chosen, arguments)
        return formatter.format(chosen)
    }

    /// Whether two language tags have the same language (their first subtag, ignoring case).
    static func sameLanguage(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            let x = left.next().flatMap { $0 == 0x2D || $0 == 0x5F ? nil : $0 | 0x20 }
            let y = right.next().flatMap { $0 == 0x2D || $0 == 0x5F ? nil : $0 | 0x20 }
            if x != y { return false }
            if x == nil { return true }
        }
    }

    /// Whether a plain placeholder of `format` is given an argument its type does not take (a
    /// string for `%lld`, a number for `%@`; an integer for `%f` is taken), or none.
    static func mismatched(_ format: FormatString, _ arguments: [FormatArgument]) -> Bool {
        for segment in format.segments {
            guard case .placeholder(let placeholder) = segment, placeholder.substitution == nil else { continue }
            guard placeholder.argument >= 1, placeholder.argument <= arguments.count else { return true }
            switch (placeholder.type, arguments[placeholder.argument - 1]) {
            case (.object, .object), (.integer, .integer), (.double, .double), (.double, .integer): continue
            default: return true
            }
        }
        return false
    }

    /// `key` in `table` as the pseudo-locale shows it (``PseudoLocalization``): its text in the
    /// source language (the catalog's, else `defaultValue`) with the literal text accented and the
    /// arguments formatted as the source language writes them, then padded and bracketed.
    public func pseudoLocalized(
        _ key: String, table: String, defaultValue: String, arguments: [FormatArgument]
    ) -> String {
        PseudoLocalization.bracketed(
            format(
                key, table: table, defaultValue: defaultValue, arguments: arguments, locale: sourceLanguage,
                accents: true))
    }

    /// ``format(_:table:defaultValue:arguments:locale:)``, with the literal text accented when `accents`.
    private func format(
        _ key: String, table: String, defaultValue: String, arguments: [FormatArgument], locale: String,
        accents: Bool
    ) -> String {
        guard let found = lookup(key, table: table, locale: locale) else {
            return Self.format(
                defaultValue: defaultValue, arguments: arguments, locale: sourceLanguage, accents: accents)
        }
        let rules = pluralRules(for: found.locale)
        let formatter = ValueFormatter(
            arguments: arguments, locale: found.locale, rules: rules, substitutions: found.localization.substitutions,
            accentsLiterals: accents)
        return formatter.format(found.localization.value)
    }

    /// A default value (a format written in Swift) filled in with `arguments` as `locale` writes
    /// them; a default that is not a valid format is shown as written.
    public static func format(defaultValue: String, arguments: [FormatArgument], locale: String) -> String {
        format(defaultValue: defaultValue, arguments: arguments, locale: locale, accents: false)
    }

    /// ``format(defaultValue:arguments:locale:)``, with the literal text accented when `accents`.
    static func format(defaultValue: String, arguments: [FormatArgument], locale: String, accents: Bool) -> String {
        guard let format = try? FormatString.parse(defaultValue) else {
            return accents ? PseudoLocalization.accented(defaultValue) : defaultValue
        }
        let formatter = ValueFormatter(
            arguments: arguments, locale: locale, rules: nil, substitutions: [:], accentsLiterals: accents)
        return formatter.format(format)
    }
}

/// One argument of a localized string, by the type its specifiers take.
public enum FormatArgument: Sendable, Hashable {
    /// For `%lld`, `%d`; counted by plural forms.
    case integer(Int)
    /// For `%lf`, `%f`, `%.2f`; counted by plural forms as written.
    case double(Double)
    /// For `%@`.
    case object(String)

    /// The type of argument this is.
    public var type: ArgumentType {
        switch self {
        case .integer: .integer
        case .double: .double
        case .object: .object
        }
    }
}

/// Formats a localized value: picks plural and device forms, then fills each placeholder.
struct ValueFormatter {
    let arguments: [FormatArgument]
    let locale: String
    let rules: PluralRules?
    let substitutions: [String: StringCatalog.Substitution]
    /// Whether literal text is accented, for the pseudo-locale; the arguments never are.
    var accentsLiterals = false

    func format(_ value: LocalizedValue) -> String {
        format(chosen(value, countedBy: countedArgument))
    }

    /// The argument a value's own plural variations count: its first numeric argument.
    var countedArgument: Int? {
        arguments.firstIndex { if case .object = $0 { false } else { true } }.map { $0 + 1 }
    }

    /// The string unit `value` comes to for the argument numbered `counted`.
    func chosen(_ value: LocalizedValue, countedBy counted: Int?) -> FormatString {
        switch value {
        case .unit(_, let format):
            return format
        case .plural(let forms):
            let category: PluralCategory = counted.flatMap { self.category(of: $0) } ?? .other
            let form = forms[category] ?? forms[.other] ?? forms.sorted { $0.key < $1.key }.first!.value
            return chosen(form, countedBy: counted)
        case .device(let forms):
            let form =
                forms[.other] ?? forms[.iphone] ?? forms.sorted { $0.key.rawValue < $1.key.rawValue }.first!.value
            return chosen(form, countedBy: counted)
        }
    }

    /// The plural category of argument `number` (from 1) in the locale; nil when it is not a number.
    func category(of number: Int) -> PluralCategory? {
        guard let rules, number >= 1, number <= arguments.count else { return nil }
        switch arguments[number - 1] {
        case .integer(let value): return rules.category(for: value)
        case .double(let value):
            return PluralOperands(Self.decimal(value)).map { rules.category(for: $0) } ?? .other
        case .object: return nil
        }
    }

    func format(_ format: FormatString) -> String {
        var out = ""
        for segment in format.segments {
            switch segment {
            case .literal(let text): out += accentsLiterals ? PseudoLocalization.accented(text) : text
            case .placeholder(let placeholder): out += fill(placeholder)
            }
        }
        return out
    }

    /// One placeholder's text: its argument formatted, or a substitution's chosen form.
    func fill(_ placeholder: Placeholder) -> String {
        if let name = placeholder.substitution, let substitution = substitutions[name] {
            let form = substitution.plural[category(of: substitution.argument) ?? .other] ?? substitution.plural[.other]
            guard let form else { return "" }
            return format(chosen(form, countedBy: substitution.argument))
        }
        guard placeholder.argument >= 1, placeholder.argument <= arguments.count else { return "" }
        let argument = arguments[placeholder.argument - 1]
        let specifier = Self.plainSpecifier(placeholder.specifier)
        switch argument {
        case .object(let text): return text
        case .integer(let value):
            if placeholder.type == .double { return Self.cFormat(specifier, Double(value), locale: locale) }
            return Self.isPlainInteger(specifier) ? String(value) : Self.cFormat(specifier, value, locale: locale)
        case .double(let value):
            if placeholder.type == .integer { return String(Int(exactly: value.rounded(.towardZero)) ?? 0) }
            return Self.cFormat(specifier, value, locale: locale)
        }
    }

    /// A specifier without its argument number (`%2$lld` → `%lld`), `%arg` as `%lld`.
    static func plainSpecifier(_ specifier: String) -> String {
        if specifier == "%arg" { return "%lld" }
        guard let dollar = specifier.firstIndex(of: "$") else { return specifier }
        return "%" + specifier[specifier.index(after: dollar)...]
    }

    static func isPlainInteger(_ specifier: String) -> Bool {
        ["%d", "%i", "%ld", "%li", "%lld", "%lli", "%qd", "%zd", "%u", "%lu", "%llu"].contains(specifier)
    }

    /// A number formatted by a C specifier, with the locale's decimal separator.
    static func cFormat(_ specifier: String, _ value: any CVarArg, locale: String) -> String {
        String(format: specifier, locale: Locale(identifier: locale), value)
    }

    /// A floating-point number as its shortest decimal, for its plural operands.
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
