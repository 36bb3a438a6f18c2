import ScreenKit
import ScreenLocalization

/// How screens are localized: the translations and how strictly untranslated strings are taken.
public struct LocalizationOptions: Sendable {
    /// The catalogs and the locales screens are built for.
    public var translations: Translations
    /// What a configured locale without a current translation of a used key is: an error (the
    /// default), or a warning, the string then served along the fallback chain.
    public var untranslated: Severity
    /// Each catalog's path by table, named in messages.
    public var paths: [String: String]

    /// Options for `translations`.
    public init(translations: Translations, untranslated: Severity = .error, paths: [String: String] = [:]) {
        self.translations = translations
        self.untranslated = untranslated
        self.paths = paths
    }
}

/// Checks every localized string the screens use against the String Catalogs: the key is there,
/// each configured locale translates it, the arguments fit every translation's specifiers, and
/// every plural form a locale needs is written; then lists the keys no screen uses.
public enum LocalizationRules {
    /// Every localization rule, for `explain` and reports.
    public static let all: [Rule] = [
        keyMissing, untranslated, argumentsMismatch, pluralMissing, keyUnused, formatInvalid, translationInvalid,
    ]

    static let keyMissing = Rule(
        id: "string-key-missing",
        summary: "A localized string whose key is not in the String Catalog is never translated.",
        explanation: """
            A screen uses `LocalizedString("key", …)` (or `Text(localized: …)`) with a key that the \
            String Catalog of its table (`Localizable.xcstrings` unless `table:` says otherwise) \
            does not hold, so every locale would show the Swift default value. Add the key to the \
            catalog (Xcode adds keys it extracts from the app; a key only the server uses is added \
            by hand), or fix its spelling.
            """
    )
    static let untranslated = Rule(
        id: "string-untranslated",
        summary: "A configured locale must translate every key its screens use.",
        explanation: """
            Each locale listed in `screenkit.json` ("locales") needs a translation of every key a \
            screen uses, found along the fallback chain without reaching the source language \
            (`de-AT` → `de`), whose state is `translated`. A missing translation, or one still \
            `needs_review`, `new` or `stale`, is an error; with "untranslated": "warning" in \
            `screenkit.json` it is a warning and the string is served along the chain \
            (`de-AT` → `de` → source language; a `new` unit is skipped). Translate the key in Xcode \
            and mark it reviewed.
            """
    )
    static let argumentsMismatch = Rule(
        id: "string-arguments-mismatch",
        summary: "A translation's format specifiers must take the arguments the screen passes.",
        explanation: """
            Every format specifier of every form of a key, in every locale and in the Swift default \
            value, must name an argument the use passes (`%2$@` needs two) of its type: `%lld` and \
            `%d` an `Int`, `%lf`, `%f` and `%.2f` a `Double`, `%@` a `String`. The default value \
            must use every argument. A translation may leave an argument out (a plural form "one" \
            often does). Fix the translation's specifiers, or pass arguments of the right types.
            """
    )
    static let pluralMissing = Rule(
        id: "string-plural-missing",
        summary: "A plural variation needs a form for every CLDR category its locale uses.",
        explanation: """
            A key that varies by plural (or a substitution that does) needs, in each locale, a form \
            for every category CLDR's rules give that language: English and German one and other; \
            Polish, Russian, Ukrainian and Czech one, few, many and other; Arabic zero, one, two, \
            few, many and other; Japanese, Korean and Chinese other. A missing form would fall back \
            to "other", which is wrong for those numbers. Add the form in Xcode.
            """
    )
    static let keyUnused = Rule(
        id: "string-key-unused",
        summary: "Keys no screen uses are listed, once, so catalogs do not fill with dead strings.",
        explanation: """
            A warning listing the keys of a String Catalog that no screen of the catalog uses. A \
            catalog shared with the app holds the app's own keys too, and a data-driven screen \
            (rendered per request) uses keys `check` cannot see: then the warning is expected; \
            otherwise remove the keys or mark them stale in Xcode.
            """
    )
    static let formatInvalid = Rule(
        id: "string-format-invalid",
        summary: "A localized string's default value must be a valid format string.",
        explanation: """
            `LocalizedString(key:defaultValue:arguments:)` takes the default value as a format \
            (`You have %lld orders`): a `%` that starts no valid specifier must be written `%%`. \
            The interpolating initializers write formats that are always valid.
            """
    )
    static let translationInvalid = Rule(
        id: "string-translation-invalid",
        summary: "A translation a screen is served with must be one the catalog reader can read.",
        explanation: """
            A key or localization of a String Catalog that cannot be read (a translator's typo such \
            as `% publicacions`, an unknown state, a substitution whose argument cannot be told) is \
            left out, and the rest of the catalog is used. Where a screen uses the key and the \
            locale is served (a configured locale, the source language, or a locale on a configured \
            one's fallback chain: `de` for `de-AT`), it is an error at the Swift line. Anywhere \
            else (a key no screen uses, a locale no one is served) it is one warning per catalog \
            listing what was skipped. Fix the translation in Xcode or the translation platform.
            """
    )

    /// The problems with the localized strings `screens` use, with `options`; when `options` is
    /// nil (no catalog configured), only the default values and arguments are checked. The
    /// `requestTime` strings' problems are reported at `requestTimeSource`, the catalog that declares them.
    static func validate(
        _ screens: [Screen], requestTime: [LocalizedString] = [], requestTimeSource: SourceLocation? = nil,
        options: LocalizationOptions?
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var used: [String: Set<String>] = [:]
        var reported: Set<Diagnostic> = []
        var checked: Set<Shape> = []
        let declared = requestTime.map {
            LocalizedUses.Use(
                string: $0, source: requestTimeSource, path: nil, owner: "the catalog's request-time string")
        }
        for uses in [declared] + screens.lazy.map({ LocalizedUses.collect(in: $0) }) {
            for use in uses {
                used[use.string.tableName, default: []].insert(use.string.key)
                // A string of the same key, default and argument types has the same problems: they
                // are reported once, at its first use.
                let shape = Shape(
                    table: use.string.tableName, key: use.string.key, defaultValue: use.string.defaultValue,
                    types: use.string.arguments.map(\.formatArgument.type))
                guard checked.insert(shape).inserted else { continue }
                for diagnostic in check(use, options: options)
                where reported.insert(diagnostic).inserted {
                    diagnostics.append(diagnostic)
                }
            }
        }
        guard let options else { return diagnostics }
        for table in options.translations.tables.keys.sorted() {
            let catalog = options.translations.tables[table]!
            let skipped = catalog.problems.filter {
                !(used[table]?.contains($0.key ?? "") ?? false) || !serves($0, options.translations)
            }
            if !skipped.isEmpty {
                let shown = skipped.prefix(20).map { problem in
                    "key \"\(problem.key.map { $0.count > 60 ? $0.prefix(60) + "…" : $0 } ?? "")\" "
                        + (problem.locale.map { "(\($0))" } ?? "(every locale)") + ": \(problem.message)"
                }
                diagnostics.append(
                    translationInvalid.diagnostic(
                        "\(options.paths[table] ?? table + ".xcstrings"): \(skipped.count) unreadable translation\(skipped.count == 1 ? "" : "s") skipped, in keys no screen uses or locales not served: \(shown.joined(separator: "; "))\(skipped.count > 20 ? "; …" : "")",
                        severity: .warning, at: nil))
            }
            let unused = catalog.entries.keys.filter {
                !(used[table]?.contains($0) ?? false)
            }
            .sorted()
            guard !unused.isEmpty else { continue }
            let shown = unused.prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")
            diagnostics.append(
                keyUnused.diagnostic(
                    "\(options.paths[table] ?? table + ".xcstrings"): \(unused.count) key\(unused.count == 1 ? "" : "s") no screen uses: \(shown)\(unused.count > 20 ? ", …" : "")",
                    severity: .warning, at: nil))
        }
        return diagnostics
    }

    /// What the checks of one use depend on.
    private struct Shape: Hashable {
        let table: String
        let key: String
        let defaultValue: String
        let types: [ArgumentType]
    }

    /// The problems with one use.
    private static func check(_ use: LocalizedUses.Use, options: LocalizationOptions?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let string = use.string
        let label = "\(use.owner) uses key \"\(string.key)\""
        func report(_ rule: Rule, _ message: String, severity: Severity = .error) {
            diagnostics.append(
                rule.diagnostic("\(label): \(message)", severity: severity, at: use.source, path: use.path))
        }
        // The default value must take exactly the arguments passed.
        switch Result(catching: { () throws(FormatString.ParseError) in try FormatString.parse(string.defaultValue) }) {
        case .failure(let error):
            report(formatInvalid, "the default value \"\(string.defaultValue)\" is not a valid format: \(error)")
        case .success(let format):
            if let problem = mismatch(format, string.arguments, requireAll: true) {
                report(argumentsMismatch, "the default value \"\(string.defaultValue)\" \(problem)")
            }
        }
        guard let options else { return diagnostics }
        let translations = options.translations
        guard let catalog = translations.tables[string.tableName] else {
            report(
                keyMissing,
                "no String Catalog is configured for table \"\(string.tableName)\" (configured: \(translations.tables.keys.sorted().joined(separator: ", ")))"
            )
            return diagnostics
        }
        // What the reader left out of this key, where it would be served: an error here.
        let unreadable = catalog.problems.filter { $0.key == string.key && serves($0, translations) }
        for problem in unreadable {
            report(
                translationInvalid,
                "\(problem.path) cannot read its \(problem.locale.map { "\($0) translation" } ?? "entry"), so it is left out: \(problem.message)"
            )
        }
        guard let entry = catalog.entries[string.key] else {
            guard unreadable.isEmpty else { return diagnostics }
            report(keyMissing, "\(options.paths[string.tableName] ?? string.tableName + ".xcstrings") has no such key")
            return diagnostics
        }
        // Only served localizations are checked: no one is shown the others.
        for locale in entry.localizations.keys.sorted() where translations.serves(catalogLocale: locale) {
            let localization = entry.localizations[locale]!
            for (format, place) in forms(of: localization) {
                if let problem = mismatch(format, string.arguments, requireAll: false) {
                    report(argumentsMismatch, "its \(locale) translation\(place) \"\(format.text)\" \(problem)")
                }
            }
            if let rules = translations.pluralRules(for: locale) {
                for (categories, place) in pluralVariations(of: localization) {
                    let missing = rules.categories.subtracting(categories).sorted()
                    guard !missing.isEmpty else { continue }
                    report(
                        pluralMissing,
                        "its \(locale) translation\(place) has no plural form for \(missing.map(\.rawValue).joined(separator: ", ")), which \(locale) uses (CLDR \(PluralRules.cldrVersion): \(rules.categories.sorted().map(\.rawValue).joined(separator: ", ")))"
                    )
                }
            }
        }
        guard entry.shouldTranslate else { return diagnostics }
        // A locale whose translation is unreadable is reported as that, once.
        let broken = Set(unreadable.compactMap(\.locale).map(LanguageNegotiation.normalized))
        for locale in translations.locales.dropFirst() {
            let chain = LanguageNegotiation.fallbackChain(for: locale, sourceLanguage: translations.sourceLanguage)
                .dropLast()
            guard !chain.contains(where: { broken.contains(LanguageNegotiation.normalized($0)) }) else { continue }
            let found = chain.lazy.compactMap { Translations.localization(in: entry, for: $0) }.first
            guard let (name, localization) = found else {
                report(
                    untranslated, "\(locale) has no translation; it gets the \(translations.sourceLanguage) text",
                    severity: options.untranslated)
                continue
            }
            let states = Set(units(of: localization.value).map(\.0)).subtracting([.translated])
            guard let state = states.sorted(by: { $0.rawValue < $1.rawValue }).first else { continue }
            let served = state == .new ? "it gets the \(translations.sourceLanguage) text" : "it is served as it is"
            report(
                untranslated,
                "its \(name) translation is \"\(state.rawValue)\", not \"translated\"\(name == locale ? "" : " (for \(locale))"); \(served)",
                severity: options.untranslated)
        }
        return diagnostics
    }

    /// Whether a catalog problem is in a localization that would be served (a key-wide one always is).
    private static func serves(_ problem: StringCatalog.ReadError, _ translations: Translations) -> Bool {
        problem.locale.map { translations.serves(catalogLocale: $0) } ?? true
    }

    /// Why `format` does not take `arguments`, or nil when it does. With `requireAll`, every
    /// argument must be used.
    static func mismatch(_ format: FormatString, _ arguments: [LocalizedString.Argument], requireAll: Bool) -> String? {
        var used: Set<Int> = []
        for placeholder in format.placeholders {
            used.insert(placeholder.argument)
            guard placeholder.argument <= arguments.count else {
                return
                    "has \(placeholder.specifier) for argument \(placeholder.argument), but the screen passes \(arguments.count)"
            }
            let given = arguments[placeholder.argument - 1].formatArgument.type
            guard given == placeholder.type else {
                return
                    "has \(placeholder.specifier) (\(typeName(placeholder.type))) for argument \(placeholder.argument), but the screen passes \(typeName(given))"
            }
        }
        if requireAll, let unused = (1...max(1, arguments.count)).first(where: { !used.contains($0) }),
            unused <= arguments.count
        {
            return
                "does not use argument \(unused) (\(typeName(arguments[unused - 1].formatArgument.type))) the screen passes"
        }
        return nil
    }

    private static func typeName(_ type: ArgumentType) -> String {
        switch type {
        case .integer: "an Int"
        case .double: "a Double"
        case .object: "a String"
        }
    }

    /// Every string unit of a localization with where it is (` (plural one)`), substitutions' too.
    static func forms(of localization: StringCatalog.Localization) -> [(FormatString, String)] {
        var forms = units(of: localization.value).map { ($0.1, $0.2) }
        for name in localization.substitutions.keys.sorted() {
            for category in localization.substitutions[name]!.plural.keys.sorted() {
                forms += units(of: localization.substitutions[name]!.plural[category]!).map {
                    ($0.1, " (substitution \(name), plural \(category.rawValue)\($0.2))")
                }
            }
        }
        return forms
    }

    /// Each string unit under `value` with its state and its place (` (plural few)`).
    static func units(of value: LocalizedValue, place: String = "") -> [(TranslationState, FormatString, String)] {
        switch value {
        case .unit(let state, let format): return [(state, format, place.isEmpty ? "" : " (\(place))")]
        case .plural(let forms):
            return forms.keys.sorted().flatMap {
                units(of: forms[$0]!, place: (place.isEmpty ? "" : place + ", ") + "plural \($0.rawValue)")
            }
        case .device(let forms):
            return forms.keys.sorted { $0.rawValue < $1.rawValue }.flatMap {
                units(of: forms[$0]!, place: (place.isEmpty ? "" : place + ", ") + "device \($0.rawValue)")
            }
        }
    }

    /// The categories of each plural variation of a localization (its own and its substitutions').
    static func pluralVariations(of localization: StringCatalog.Localization) -> [(Set<PluralCategory>, String)] {
        var found: [(Set<PluralCategory>, String)] = []
        func visit(_ value: LocalizedValue, place: String) {
            switch value {
            case .unit: break
            case .plural(let forms): found.append((Set(forms.keys), place))
            case .device(let forms):
                for device in forms.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                    visit(forms[device]!, place: " (device \(device.rawValue))")
                }
            }
        }
        visit(localization.value, place: "")
        for name in localization.substitutions.keys.sorted() {
            found.append((Set(localization.substitutions[name]!.plural.keys), " (substitution \(name))"))
        }
        return found
    }
}
