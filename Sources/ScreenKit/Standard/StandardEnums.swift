/// Text styles of the standard catalog.
public enum TextStyle: String, WireEnum {
    /// The contract name.
    public static let contractName = "TextStyle"
    case largeTitle, title, headline, subheadline, body, caption, footnote
    /// A hero style above `largeTitle` (contract version 2); older clients show `largeTitle`.
    case display

    /// `display` falls back to `largeTitle`; the others are original.
    public var fallback: TextStyle? { self == .display ? .largeTitle : nil }
}

/// Button styles of the standard catalog.
public enum ButtonStyle: String, WireEnum {
    /// The contract name.
    public static let contractName = "ButtonStyle"
    case primary, secondary, destructive, plain
}

/// Horizontal alignment of a column's children.
public enum HorizontalAlignment: String, WireEnum {
    /// The contract name.
    public static let contractName = "HorizontalAlignment"
    case leading, center, trailing
}

/// Vertical alignment of a row's children.
public enum VerticalAlignment: String, WireEnum {
    /// The contract name.
    public static let contractName = "VerticalAlignment"
    case top, center, bottom
}

/// How an image fills its frame.
public enum ContentMode: String, WireEnum {
    /// The contract name.
    public static let contractName = "ContentMode"
    case fit, fill
}

/// The direction a scroll view scrolls.
public enum ScrollAxis: String, WireEnum {
    /// The contract name.
    public static let contractName = "ScrollAxis"
    case vertical, horizontal
}

/// The keyboard a text field shows.
public enum Keyboard: String, WireEnum {
    /// The contract name.
    public static let contractName = "Keyboard"
    case `default`, email, number, url
}

/// How a navigation presents its destination.
public enum Presentation: String, WireEnum {
    /// The contract name.
    public static let contractName = "Presentation"
    case push, sheet, fullScreenCover
}
