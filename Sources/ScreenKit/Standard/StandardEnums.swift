/// Text styles of the standard catalog.
public enum TextStyle: String, WireEnum {
    case largeTitle, title, headline, subheadline, body, caption, footnote
    /// A hero style above `largeTitle` (contract version 2); older clients show `largeTitle`.
    case display

    /// `display` falls back to `largeTitle`; the others are original.
    public var fallback: TextStyle? { self == .display ? .largeTitle : nil }
}

/// Button styles of the standard catalog.
public enum ButtonStyle: String, WireEnum {
    case primary, secondary, destructive, plain
}

/// Horizontal alignment of a column's children.
public enum HorizontalAlignment: String, WireEnum {
    case leading, center, trailing
}

/// Vertical alignment of a row's children.
public enum VerticalAlignment: String, WireEnum {
    case top, center, bottom
}

/// How an image fills its frame.
public enum ContentMode: String, WireEnum {
    case fit, fill
}

/// The direction a scroll view scrolls.
public enum ScrollAxis: String, WireEnum {
    case vertical, horizontal
}

/// The keyboard a text field shows.
public enum Keyboard: String, WireEnum {
    case `default`, email, number, url
}

/// How a navigation presents its destination.
public enum Presentation: String, WireEnum {
    case push, sheet, fullScreenCover
}
