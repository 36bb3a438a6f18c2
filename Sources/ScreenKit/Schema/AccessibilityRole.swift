/// What a prop is to assistive technology, so the accessibility rules apply to custom components
/// as they do to the standard ones (``PropSchema/accessibility(_:)``).
public enum AccessibilityRole: String, Sendable, Hashable {
    /// A string a screen reader says for the node: its accessible name (a button's label, a text's
    /// content, a field's placeholder).
    case label
    /// A string describing an image; empty marks the image decorative (screen readers skip it).
    case imageDescription
    /// A colour drawn over the node's background: text, or an icon (contrast is checked).
    case foreground
    /// A colour behind the node and its children (contrast is checked against it).
    case background
    /// The width of the node, in points (a tap target's is checked).
    case width
    /// The height of the node, in points.
    case height
}
