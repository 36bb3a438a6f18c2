import ScreenKit

/// The app's own component: a tappable product tile. Clients that predate it get a standard card.
// snippet: product-card
public struct ProductCard: Component {
    /// `productCard`: title, price, imageURL, action (required), badge (optional); falls back to a card.
    public static let schema = ComponentSchema(
        type: "productCard",
        props: [
            .required("title", .string, nonEmpty: true).accessibility(.label),
            .required("price", .string),
            .required("imageURL", .url),
            .required("action", .action),
            .optional("badge", .string),
        ],
        fallback: .node
    )
    .previewed(
        .html(
            """
            <div class="sk sk-card" style="padding:12px;border-radius:12px;display:flex;flex-direction:column;gap:6px">\
            <div role="img" aria-label="{{title}}" style="height:120px;border-radius:8px;background:#e5e7eb;\
            display:flex;align-items:center;justify-content:center;font-size:11px;color:#6b7280;overflow:hidden">\
            {{imageURL}}</div><p class="sk sk-text sk-text-headline">{{title}}</p>\
            <p class="sk sk-text sk-text-subheadline">{{price}}</p><p class="sk sk-text sk-text-caption">{{badge}}</p></div>
            """))

    /// The node.
    public var node: Node

    /// A product tile that runs `action` when tapped; its fallback is a card with the same content.
    public init(
        title: String,
        price: String,
        imageURL: String,
        badge: String? = nil,
        id: String,
        action: Action,
        file: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) {
        let fallback = Card(id: id, action: action, file: file, line: line, column: column) {
            Image(url: imageURL, file: file, line: line, column: column).contentMode(.fill).frame(height: 160)
                .cornerRadius(8).decorative()
            Text(title, file: file, line: line, column: column).style(.headline)
            Text(price, file: file, line: line, column: column).style(.subheadline)
        }
        node = Self.makeNode(
            id: id,
            props: .set([
                "title": .string(title), "price": .string(price), "imageURL": .string(imageURL),
                "action": .action(action), "badge": badge.map { .string($0) },
            ]),
            fallback: .node(fallback.node),
            source: SourceLocation(file: file, line: line, column: column)
        )
    }
}
// snippet: end
