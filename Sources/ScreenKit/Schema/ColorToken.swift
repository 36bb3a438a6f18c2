/// A colour of the app's design system, such as `brand.primary`: screens name it instead of a hex
/// literal, and each app draws it from its own Asset Catalog or Android resources.
///
/// Tokens are frozen in the contract like enum values: a client whose contract version knows the
/// token receives its name in a colour prop; an older one receives ``light``, the literal it drew
/// before the token existed. ``dark`` is the literal the accessibility rules and the preview use for
/// the dark appearance, and what the app's own dark value is compared with.
public struct ColorToken: Sendable, Hashable {
    /// The token's name, e.g. `brand.primary`: dot-separated segments, each a lowercase letter then
    /// letters and digits, at most 64 characters; what clients receive.
    public var name: String
    /// The literal for the light appearance, `#RRGGBB` or `#AARRGGBB`: what older clients receive.
    public var light: String
    /// The literal for the dark appearance; nil when the token draws ``light`` in both.
    public var dark: String?
    /// What the token is for (`"the text of secondary labels"`), frozen with it: reusing the name
    /// for another purpose is a contract change (`meaning-changed`).
    public var meaning: String?
    /// Where the token was declared in Swift, when known; not part of the contract.
    public var source: SourceLocation?

    /// Declares a token with its literal fallbacks.
    public init(
        _ name: String, light: String, dark: String? = nil, meaning: String? = nil, file: String = #filePath,
        line: Int = #line
    ) {
        self.name = name
        self.light = light
        self.dark = dark
        self.meaning = meaning
        self.source = SourceLocation(file: file, line: line, column: 1)
    }

    /// Creates a token read from a contract file.
    public init(name: String, light: String, dark: String?, meaning: String?, source: SourceLocation?) {
        self.name = name
        self.light = light
        self.dark = dark
        self.meaning = meaning
        self.source = source
    }

    /// The literal for `appearance`.
    public func literal(_ appearance: Appearance) -> String {
        appearance == .dark ? dark ?? light : light
    }

    /// The value a colour prop holds for this token: its name.
    public var wireValue: Value { .string(name) }

    /// Whether `value` names a token rather than a literal: a colour literal starts with `#`.
    public static func isTokenName(_ value: String) -> Bool { value.utf8.first != 0x23 }

    /// Whether `name` is a valid token name (read in place: no allocation, as the renderer checks
    /// every colour value of a screen built per request).
    public static func isValidName(_ name: String) -> Bool {
        var count = 0
        var segmentStart = true
        for byte in name.utf8 {
            count += 1
            guard count <= 64 else { return false }
            let lower = byte >= 0x61 && byte <= 0x7A
            let upper = byte >= 0x41 && byte <= 0x5A
            let digit = byte >= 0x30 && byte <= 0x39
            if byte == 0x2E {
                if segmentStart { return false }
                segmentStart = true
            } else if segmentStart {
                guard lower else { return false }
                segmentStart = false
            } else if !(lower || upper || digit) {
                return false
            }
        }
        return count > 0 && !segmentStart
    }

    /// Whether `string` is a colour literal, `#RRGGBB` or `#AARRGGBB` (read in place, no allocation).
    public static func isLiteral(_ string: String) -> Bool {
        var count = 0
        for byte in string.utf8 {
            if count == 0 {
                guard byte == 0x23 else { return false }
            } else {
                guard (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
                else { return false }
            }
            count += 1
            guard count <= 9 else { return false }
        }
        return count == 7 || count == 9
    }

    /// Equal when the contract is equal: the source location does not count.
    public static func == (lhs: ColorToken, rhs: ColorToken) -> Bool {
        lhs.name == rhs.name && lhs.light == rhs.light && lhs.dark == rhs.dark && lhs.meaning == rhs.meaning
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(light)
        hasher.combine(dark)
        hasher.combine(meaning)
    }
}

/// The light or the dark appearance of an app.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    /// The light appearance (Xcode's "Any", Android's `values`).
    case light
    /// The dark appearance (Xcode's "Dark", Android's `values-night`).
    case dark
}
