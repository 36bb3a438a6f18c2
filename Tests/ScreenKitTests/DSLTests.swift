import ScreenKit
import Testing

/// The DSL builds plain node data: control flow, sections, modifiers, source locations, schemas.
@Suite struct DSLTests {
    @Test func aCatalogTakesEventsTokensAndRequestTimeStringsInItsInitializer() {
        // As a `static let` in one expression: no closure needed to set them after.
        let catalog = Catalog(
            screens: [], events: [EventSchema("screen_viewed", params: [.required("screen", .string)])],
            tokens: [ColorToken("text.secondary", light: "#6B7280", dark: "#9CA3AF")],
            requestTimeStrings: [LocalizedString("orders.count", defaultValue: "Orders")])
        #expect(catalog.events.map(\.name) == ["screen_viewed"])
        #expect(catalog.tokens.map(\.name) == ["text.secondary"])
        #expect(catalog.requestTimeStrings.count == 1)
    }

    @Test func containersCollectChildrenFromIfElseOptionalsAndLoops() {
        let items = ["a", "b", "c"]
        let subtitle: String? = "sub"
        func build(flag: Bool) -> Node {
            Column {
                if flag {
                    Text("yes")
                } else {
                    Text("no")
                }
                if let subtitle {
                    Text(subtitle)
                }
                for item in items {
                    Text(item)
                }
            }.node
        }
        let contents = { (node: Node) in node.children!.map { $0[prop: "content"]! } }
        #expect(contents(build(flag: true)) == ["yes", "sub", "a", "b", "c"])
        #expect(contents(build(flag: false)) == ["no", "sub", "a", "b", "c"])
    }

    @ScreenBuilder static var section: [Node] {
        Text("one")
        Text("two")
    }

    @Test func sectionsSpliceIntoTheirContainer() {
        let node = Column {
            Self.section
            Text("three")
        }.node
        #expect(node.children!.count == 3)
    }

    @Test func everyNodeRecordsWhereItWasWritten() {
        let line = #line + 2
        let node = Column {
            Text("x")
        }.node
        #expect(node.source.line == line - 1)
        #expect(node.children![0].source.line == line)
        #expect(node.children![0].source.column == 17, "#column names the call's opening parenthesis")
        #expect(node.source.file == #filePath)
    }

    @Test func modifiersReturnAModifiedCopy() {
        let plain = Text("x")
        let styled = plain.style(.caption).color("#112233")
        #expect(plain.node.props.count == 1)
        #expect(styled.node[prop: "style"] == .string("caption"))
        #expect(styled.node[prop: "color"] == .string("#112233"))
        #expect(styled.style(.title).node.props.count == 3, "setting a prop again replaces it")
    }

    @Test func actionsAreTypedData() {
        let action = Action.sequence(
            .apiCall("/x", bodyFromState: ["email"]), .navigate(to: "home", presentation: .sheet))
        #expect(action.kind == "sequence")
        guard case .list(let steps) = action[field: "actions"] else {
            Issue.record("sequence has no actions")
            return
        }
        #expect(steps.count == 2)
        let built = Action.sequence {
            Action.showAlert(title: "t")
            if Bool.random() { Action.openURL("https://example.com") } else { Action.openURL("https://example.org") }
        }
        #expect(built[field: "actions"].map { if case .list(let list) = $0 { list.count } else { 0 } } == 2)
    }

    @Test func theStandardCatalogIsDeclaredThroughThePublicSchemaMechanism() {
        let types = StandardCatalog.components.map { $0.schema.type }
        #expect(
            types == [
                "column", "row", "scrollView", "lazyVStack", "text", "image", "spacer", "button", "textField", "card",
                "divider",
            ])
        #expect(
            StandardCatalog.actions.map(\.kind) == [
                "navigate", "apiCall", "updateState", "showAlert", "openURL", "sequence", "share",
            ])
        #expect(Text.schema.prop("style")?.defaultValue == .string("body"))
        #expect(
            TextStyle.schema.cases.map(\.value) == [
                "largeTitle", "title", "headline", "subheadline", "body", "caption", "footnote", "display",
            ])
        #expect(TextStyle.display.fallback == .largeTitle)
        #expect(Divider().node.fallback == .drop, "a component declared `.drop` carries the drop fallback")
    }

    /// A custom component declared by an app, exactly as the standard ones are.
    struct Rating: Component {
        static let schema = ComponentSchema(
            type: "rating", props: [.required("stars", .number), .optional("label", .string)], fallback: .node)
        var node: Node
        init(stars: Double, file: String = #filePath, line: Int = #line, column: Int = #column) {
            node = Self.makeNode(
                id: nil, props: [Prop(key: "stars", value: .number(stars))],
                fallback: .node(ScreenKit.Text("\(Int(stars)) stars").node),
                source: SourceLocation(file: file, line: line, column: column))
        }
        func label(_ text: String) -> Rating { setting("label", .string(text)) }
    }

    @Test func customComponentsUseTheSameMechanism() {
        let node = Column { Rating(stars: 4).label("Great") }.node.children![0]
        #expect(node.type == "rating")
        #expect(node[prop: "label"] == .string("Great"))
        guard case .node(let fallback) = node.fallback else {
            Issue.record("no fallback")
            return
        }
        #expect(fallback.type == "text")
        let catalog = Catalog(components: StandardCatalog.components + [Rating.self], screens: [])
        #expect(catalog.component("rating")?.fallback == .node)
    }
}

@Suite struct LargeScreenTests {
    @Test func aHundredElementSingleExpressionScreenBuilds() {
        let screen = HundredElementScreen.make(flag: true)
        #expect(screen.content.count == 1)
        #expect(screen.content[0].children?.count == 99)
    }
}
