import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

@testable import ScreenPreview

/// A custom component with no renderer in the preview and no fallback is drawn as a labelled box:
/// its wire type and ID, every prop (URLs and images as such, actions described), its children and
/// each named slot's, recursively; everything user-written escaped.
@Suite struct GenericComponentPreviewTests {
    struct PromoBanner: Component {
        static let schema = ComponentSchema(
            type: "promoBanner",
            props: [
                .required("title", .string), .optional("image", .url), .optional("link", .url),
                .optional("tap", .action), .optional("count", .number), .optional("tags", .list(.string)),
            ],
            hasChildren: true, slots: ["header", "body"])
        var node: Node

        init(
            _ title: String, id: String, props: [Prop] = [], file: String = #filePath, line: Int = #line,
            @ScreenBuilder header: () -> [Node], @ScreenBuilder body: () -> [Node]
        ) {
            node = Self.makeNode(
                id: id, props: [Prop(key: "title", value: .string(title))] + props,
                slots: ["header": header(), "body": body()], source: SourceLocation(file: file, line: line, column: 1))
        }
    }

    static let markup = "<script>alert(\"x\")</script>&"

    static let screen = Screen("promo") {
        Column(id: "page") {
            PromoBanner(
                "Summer <b>sale</b>", id: "banner-1",
                props: [
                    Prop(key: "image", value: "https://cdn.example.com/summer.png?v=\"2\""),
                    Prop(key: "link", value: "https://example.com/sale?a=1&b=<2>"),
                    Prop(key: "tap", value: .action(.navigate(to: "promo"))),
                    Prop(key: "count", value: 3), Prop(key: "tags", value: .list(["new", .string(markup)])),
                ]
            ) {
                Text(markup, id: "headline")
            } body: {
                PromoBanner("Inner", id: "inner") {
                    Text("Nested header", id: "nested")
                } body: {
                }
            }
        }
    }

    static func page() throws -> String {
        let catalog = Catalog(components: StandardCatalog.components + [PromoBanner.self], screens: [screen])
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(try PreviewSite.pages(for: result.screens).first { $0.name.hasPrefix("promo") }).html
    }

    @Test func aCustomComponentIsABoxWithItsPropsAndItsSlots() throws {
        let html = try Self.page()
        #expect(!html.contains("(no preview)"))
        #expect(html.contains(#"<div class="sk-generic" data-node-id="banner-1" data-type="promoBanner""#))
        #expect(html.contains("promoBanner<span"))
        #expect(html.contains("<dt style=\"color:#6b7280\">title</dt>"))
        #expect(html.contains("Summer &lt;b&gt;sale&lt;/b&gt;"))
        #expect(
            html.contains(
                #"<span class="sk-prop-image" role="img" aria-label="image">image https://cdn.example.com/summer.png?v=&quot;2&quot;</span>"#
            ))
        #expect(html.contains(#"<span class="sk-prop-url">https://example.com/sale?a=1&amp;b=&lt;2&gt;</span>"#))
        #expect(html.contains(#"<span class="sk-prop-action">navigate → promo (push)</span>"#))
        #expect(html.contains(#"<span class="sk-prop-value">3</span>"#))
        // Each slot labelled, its children drawn inside, recursively.
        #expect(html.contains(#"data-slot="header""#) && html.contains("slot header") && html.contains("slot body"))
        #expect(html.contains(#"data-node-id="inner" data-type="promoBanner""#))
        #expect(html.contains("Nested header"))
        // Everything user-written is escaped (IDs cannot hold markup: id-invalid).
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>sale"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"))
    }

    @Test func aDeclaredPreviewFillsItsTemplateWithEscapedProps() throws {
        let catalog = Catalog(components: StandardCatalog.components + [PromoBanner.self], screens: [Self.screen])
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        let previews = [
            "promoBanner": ComponentPreview.html(
                #"<section title="{{title}}"><h3>{{title}}</h3><i>{{missing}}</i><header>{{slot:header}}</header>{{slot:body}}{{children}}</section>"#
            )
        ]
        let html = try #require(
            try PreviewSite.pages(for: result.screens, previews: previews).first { $0.name == "promo.html" }
        ).html
        #expect(html.contains(#"<div class="sk-declared" data-node-id="banner-1" data-type="promoBanner">"#))
        #expect(
            html.contains(
                #"<section title="Summer &lt;b&gt;sale&lt;/b&gt;"><h3>Summer &lt;b&gt;sale&lt;/b&gt;</h3><i></i><header>"#
            ))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"))
        #expect(!html.contains("<script>") && !html.contains("<b>sale"))
        // The nested banner is drawn with the template too, inside the slot.
        #expect(html.contains(#"data-node-id="inner" data-type="promoBanner"><section title="Inner">"#))
        #expect(!html.contains("sk-generic"))
    }

    @Test func theExampleProductCardDeclaresItsPreview() throws {
        let preview = try #require(ProductCard.schema.preview)
        #expect(preview.template.contains("{{title}}") && preview.template.contains("{{imageURL}}"))
        // Not part of the contract: the declaration is equal with or without it.
        var bare = ProductCard.schema
        bare.preview = nil
        #expect(bare == ProductCard.schema)
    }
}
