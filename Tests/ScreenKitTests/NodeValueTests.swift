import ScreenKit
import Testing

/// `Node` keeps value semantics although its fields and props share one allocation: a copy never
/// sees a change made to another, equal nodes hash equally whatever their storage's room, and
/// props keep their order through every change.
@Suite struct NodeValueTests {
    let source = SourceLocation(file: "Screen.swift", line: 1, column: 1)

    @Test func aCopyDoesNotSeeChangesToTheOriginal() {
        var original = Node(
            type: "text", id: "a", props: [Prop(key: "content", value: .string("Hi"))], source: source)
        let copy = original
        original.set("style", .string("title"))
        original.set("content", .string("Hello"))
        original.id = "b"
        original.type = "label"
        original.children = []
        original.slot = "header"
        original.fallback = .drop
        original.source = SourceLocation(file: "Other.swift", line: 2, column: 3)
        #expect(copy.props == [Prop(key: "content", value: .string("Hi"))])
        #expect(copy.id == "a" && copy.type == "text" && copy.children == nil && copy.slot == nil)
        #expect(copy.fallback == nil && copy.source == source)
        #expect(
            original.props == [
                Prop(key: "content", value: .string("Hello")), Prop(key: "style", value: .string("title")),
            ])
        #expect(original.id == "b" && original.type == "label" && original.children == [])
        #expect(original.slot == "header" && original.fallback == .drop)
    }

    @Test func componentsCopiedBeforeAModifierKeepTheirProps() {
        let plain = Text("Hi")
        let styled = plain.style(.title).color("#FF0000")
        #expect(plain.node.props.map(\.key) == ["content"])
        #expect(styled.node.props.map(\.key) == ["content", "style", "color"])
        #expect(styled.node[prop: "color"] == .string("#FF0000"))
    }

    @Test func propsGrowBeyondTheDeclaredRoomAndRemoveInOrder() {
        var node = Node(type: "custom", source: source)
        for index in 0..<20 { node.set("k\(index)", .number(Double(index))) }
        let snapshot = node
        node.set("k3", nil)
        node.set("k0", nil)
        node.set("k19", nil)
        node.set("missing", nil)
        #expect(snapshot.props.count == 20)
        #expect(node.props.map(\.key) == (1..<19).filter { $0 != 3 }.map { "k\($0)" })
        #expect(node[prop: "k4"] == .number(4))
        #expect(node[prop: "k3"] == nil)
        node.props = [Prop(key: "only", value: .bool(true))]
        #expect(node.props == [Prop(key: "only", value: .bool(true))])
        #expect(snapshot.props.count == 20)
    }

    @Test func equalNodesAreEqualAndHashEquallyWhateverTheirStorage() {
        // One built by a component (room for every declared prop), one from an array (exact room).
        let built = Text("Hi", id: "t", file: "Screen.swift", line: 1, column: 1).style(.title).node
        let literal = Node(
            type: "text", id: "t",
            props: [Prop(key: "content", value: .string("Hi")), Prop(key: "style", value: .string("title"))],
            source: source)
        #expect(built == literal)
        #expect(built.hashValue == literal.hashValue)
        #expect(Set([built, literal]).count == 1)
        #expect(built != literal.setting("style", .string("body")))
        #expect(built != literal.setting("style", nil))
        var withChild = literal
        withChild.children = [literal]
        #expect(withChild != literal)
        withChild.children?.append(built)
        #expect(withChild.children?.count == 2)
        #expect(literal.children == nil)
    }

    @Test func eventsAndExperimentsStayWithTheirCopy() {
        var node = Button("Buy", id: "buy", action: .navigate(to: "home")).node
        let plain = node
        node.events = [TrackedEvent(trigger: .tap, name: "tapped", params: [], source: source)]
        #expect(node.hasEvents && !plain.hasEvents)
        #expect(node != plain)
        node.events = []
        #expect(node == plain)
    }
}
