import ScreenKit
import ScreenLocalization

/// What localizing one screen at request time found that the checker could not see beforehand (a
/// string the catalog's `requestTimeStrings` does not declare): keys the locale has no translation
/// for, so the source language's text stands in, and strings given an argument of a type their
/// specifier does not take (a `String` for `%lld`). One render fills it on one thread.
public final class LocalizationFindings: @unchecked Sendable {
    /// Keys the locale lacks: their source-language text was served.
    public private(set) var untranslated: Set<String> = []
    /// Keys given an argument of another type than their format's specifier takes.
    public private(set) var mismatched: Set<String> = []

    /// Nothing found yet.
    public init() {}

    /// Whether anything was found.
    public var isEmpty: Bool { untranslated.isEmpty && mismatched.isEmpty }

    /// The rule IDs of what was found, as `check` names them: `string-untranslated`,
    /// `string-arguments-mismatch`.
    public var rules: [String] {
        (untranslated.isEmpty ? [] : [LocalizationRules.untranslated.id])
            + (mismatched.isEmpty ? [] : [LocalizationRules.argumentsMismatch.id])
    }

    /// Notes what formatting `key` found.
    func note(_ key: String, _ notes: Translations.FormatNotes) {
        if notes.untranslated { untranslated.insert(key) }
        if notes.mismatched { mismatched.insert(key) }
    }
}
