/// The pseudo-locale the preview shows: every localized string in the source language with its
/// letters accented, 40 % longer and bracketed, as in `[Ŵéļçöɱé ƀáçķ ~~~~]`.
///
/// A glance at a screen in the pseudo-locale shows text that is not localized (plain, without
/// brackets), text that is cut off (no closing bracket) and layouts that do not leave room for
/// longer translations. Only the literal text of a format is accented: the values that fill its
/// placeholders (a name, a count) stay as the source language writes them, readable.
public enum PseudoLocalization {
    /// Each ASCII letter's look-alike: `a` → `á`, `e` → `é`, `o` → `ö`, one Unicode scalar (and one
    /// character) each, so accenting keeps a text's length.
    public static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars
        let accented = "áƀçðéƒĝĥíĵķļɱñöþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÖÞǪŔŠŢÚṼŴẊÝŽ".unicodeScalars
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// `text` with every ASCII letter replaced by its look-alike (``accents``); everything else kept.
    public static func accented(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(accents[scalar] ?? scalar) }
        return String(out)
    }

    /// `text` padded by 40 % of its length (rounded up: a space, then `~`) and bracketed: `Hello`
    /// → `[Hello ~]`, `Welcome back` → `[Welcome back ~~~~]`; the empty text → `[]`.
    public static func bracketed(_ text: String) -> String {
        let padding = (2 * text.count + 4) / 5
        return "[" + text + (padding > 0 ? " " + String(repeating: "~", count: padding - 1) : "") + "]"
    }

    /// `text` pseudo-localized as a whole: accented, padded and bracketed.
    public static func pseudoLocalized(_ text: String) -> String { bracketed(accented(text)) }

    /// A default value (a format written in Swift) pseudo-localized: its literal text accented, its
    /// placeholders filled with `arguments` as `locale` writes them, then padded and bracketed; a
    /// default that is not a valid format is pseudo-localized as written.
    public static func format(defaultValue: String, arguments: [FormatArgument], locale: String) -> String {
        bracketed(Translations.format(defaultValue: defaultValue, arguments: arguments, locale: locale, accents: true))
    }
}
