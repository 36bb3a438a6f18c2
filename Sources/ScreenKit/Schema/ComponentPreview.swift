/// How the preview draws one of the app's own components: an HTML template filled with the node's
/// props, escaped. Not part of the contract.
///
/// In the template, `{{key}}` is the prop `key`'s value as escaped text (empty when the node does
/// not set it), `{{children}}` the node's children and `{{slot:name}}` a named slot's children,
/// drawn by the preview. The template itself is yours and is written as it is; every value in it
/// is escaped, so it may stand in text or in a quoted attribute.
///
/// ```swift
/// static let schema = ComponentSchema(type: "productCard", props: […], fallback: .node)
///     .previewed(.html("<div class=\"tile\"><strong>{{title}}</strong> {{price}}</div>"))
/// ```
public struct ComponentPreview: Sendable, Hashable {
    /// The template.
    public var template: String

    /// A preview drawn from `template`.
    public static func html(_ template: String) -> ComponentPreview { ComponentPreview(template: template) }
}

extension ComponentSchema {
    /// A copy the preview draws with `preview` (for versions whose clients know the component).
    public func previewed(_ preview: ComponentPreview) -> ComponentSchema {
        var copy = self
        copy.preview = preview
        return copy
    }
}
