/// The limits on a String Catalog (`Localizable.xcstrings`), each checked before the work it
/// guards, so a broken or hostile catalog is a clear error in time linear in its size, never a
/// crash, a hang or an exhausted stack.
public enum StringCatalogLimits {
    /// The largest catalog file, in bytes (an app's catalog of 5,000 strings in 40 languages is
    /// about 10 MB as Xcode writes it).
    public static let maximumFileBytes = 16 << 20
    /// The deepest nesting of JSON objects and arrays: a string unit under ``maximumVariationDepth``
    /// variations inside a substitution is 7 + 3 × 4 + 1 = 20 levels deep; 24 leaves room.
    public static let maximumJSONDepth = 24
    /// The most keys (`strings` members) one catalog holds.
    public static let maximumKeys = 50_000
    /// The most locales (`localizations` members) one key holds.
    public static let maximumLocalesPerKey = 200
    /// The longest key, value, comment or substitution name, in bytes of UTF-8.
    public static let maximumValueBytes = 64 << 10
    /// The most variations nested in each other (`device` then `plural` is 2).
    public static let maximumVariationDepth = 4
    /// The most placeholders in one value, the most substitutions in one localization, and the
    /// highest argument number (`%64$@`, `"argNum" : 64`).
    public static let maximumPlaceholders = 64
    /// The widest field width or precision of a format specifier (`%99d`, `%.99f`), so formatting
    /// a value never pads to an unbounded length.
    public static let maximumFieldWidth = 99
}
