import Foundation
import ScreenCompiler
import ScreenKit
import ScreenTestSupport
import Testing

/// The documented derived-ID scheme: `<anchor>.<type>-<n>`.
@Suite struct IDAssignmentTests {
    static func ids(_ screen: Screen) throws -> [String] {
        let result = Compiler(catalog: Catalog(screens: [screen])).compileFrozen()
        #expect(result.diagnostics == [])
        let envelope = try #require(result.screens.first).full
        let object = try JSONSerialization.jsonObject(with: Data(envelope)) as! [String: Any]
        var ids: [String] = []
        func walk(_ node: [String: Any]) {
            ids.append(node["id"] as! String)
            for child in node["children"] as? [[String: Any]] ?? [] { walk(child) }
            if let fallback = node["fallback"] as? [String: Any] { walk(fallback) }
        }
        walk(object["root"] as! [String: Any])
        return ids
    }

    @Test func derivedIDsCountPerTypeUnderTheNearestExplicitAncestor() throws {
        let screen = Screen("demo") {
            Column {
                Text("a")
                Text("b")
                Column(id: "section") {
                    Text("c")
                    Spacer()
                }
                Text("d")
            }
        }
        #expect(
            try Self.ids(screen) == [
                "demo.column-1", "demo.text-1", "demo.text-2", "section", "section.text-1", "section.spacer-1",
                "demo.text-3",
            ])
    }

    @Test func derivedIDsSkipNumbersTakenByExplicitIDs() throws {
        let screen = Screen("demo") {
            Column(id: "root") {
                Text("a")
                Text("b", id: "root.text-2")
                Text("c")
            }
        }
        #expect(try Self.ids(screen) == ["root", "root.text-1", "root.text-2", "root.text-3"])
    }

    @Test func aFallbackRootWithoutIDTakesTheReplacedNodesID() throws {
        let screen = Screen("demo") {
            Column(id: "root") {
                Text("new").fallback(Text("old"))
            }
        }
        #expect(try Self.ids(screen) == ["root", "root.text-1", "root.text-1"])
    }

    @Test func idsAreTheSameOnEveryBuild() throws {
        let make = {
            Screen("demo") {
                Row {
                    for index in 0..<5 { Text("item \(index)") }
                }
            }
        }
        #expect(try Self.ids(make()) == Self.ids(make()))
    }

    /// A leaf of a given wire type, for IDs that types with dots can make ambiguous.
    struct Leaf<Kind: LeafKind>: Component {
        static var schema: ComponentSchema { ComponentSchema(type: Kind.type, props: []) }
        var node: Node
        init(line: Int = #line) {
            node = Self.makeNode(id: nil, props: [], source: SourceLocation(file: #filePath, line: line, column: 1))
        }
    }
    protocol LeafKind: Sendable { static var type: String { get } }
    enum DottedKind: LeafKind { static let type = "b.c" }
    enum PlainKind: LeafKind { static let type = "c" }

    /// `x` + `b.c` and `x.b` + `c` both derive `x.b.c-1`: with a dot in a type, derived IDs can
    /// repeat, and the repeat is reported like any other.
    @Test func derivedIDsThatRepeatBecauseOfADottedTypeAreReported() {
        let screen = Screen("s") {
            Column(id: "x") {
                Leaf<DottedKind>()
                Column(id: "x.b") { Leaf<PlainKind>() }
            }
        }
        let catalog = Catalog(
            components: StandardCatalog.components + [Leaf<DottedKind>.self, Leaf<PlainKind>.self], screens: [screen])
        let result = Compiler(catalog: catalog).compileFrozen()
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(result.diagnostics.first?.message.contains("\"x.b.c-1\"") == true, "\(result.diagnostics)")
    }

    /// Derived IDs are written from their anchor's escaped token; an anchor that needs escaping (an
    /// invalid explicit ID, reported, but still written) gives correctly escaped derived IDs.
    @Test func derivedIDsUnderAnAnchorThatNeedsEscapingAreEscapedOnce() throws {
        let anchor = "say \"hi\" \\ \u{1F600}"
        let screen = Screen("s") {
            Column(id: anchor) {
                Text("a")
                Text("b")
                Text("c", id: anchor + "!").fallback(Text("old"))
            }
        }
        let compiler = Compiler(catalog: Catalog(screens: [screen]))
        let envelope = try #require(try compiler.emitFull(CompileOptions()).first)
        let object = try JSONSerialization.jsonObject(with: Data(envelope)) as! [String: Any]
        let root = object["root"] as! [String: Any]
        let children = root["children"] as! [[String: Any]]
        #expect(root["id"] as? String == anchor)
        let expected = [anchor + ".text-1", anchor + ".text-2", anchor + "!"]
        #expect(children.map { $0["id"] as? String } == expected)
        #expect((children[2]["fallback"] as? [String: Any])?["id"] as? String == anchor + "!", "inherited")
        let resolved = try #require(compiler.resolvedTrees().first??.root.children)
        #expect(resolved.map(\.id) == expected)
        guard case .node(let fallback) = resolved[2].fallback else {
            Issue.record("the fallback is kept")
            return
        }
        #expect(fallback.id == anchor + "!")
    }

    /// A derived ID past 128 characters (from a long anchor) is reported with a way out.
    @Test func aDerivedIDLongerThan128CharactersIsReported() {
        let anchor = String(repeating: "a", count: 125)
        let result = Compiler(
            catalog: Catalog(screens: [Screen("s") { Column(id: anchor) { Text("a") } }])
        ).compileFrozen()
        #expect(result.diagnostics.map(\.rule) == ["id-invalid"])
        #expect(
            result.diagnostics.first?.message.contains("derived node ID \"\(anchor).text-1\" is longer than 128")
                == true,
            "\(result.diagnostics)")
        let fits = Compiler(
            catalog: Catalog(screens: [Screen("s") { Column(id: String(repeating: "a", count: 121)) { Text("a") } }])
        ).compileFrozen()
        #expect(fits.diagnostics == [], "121 + \".text-1\" is 128 characters")
    }

    /// The documented scheme, written out plainly, against what the compiler writes, on random trees
    /// with fallbacks and explicit IDs that repeat, look derived, have dots or need escaping.
    @Test func derivedIDsFollowTheDocumentedSchemeOnRandomTrees() throws {
        var random = SplitMix64(seed: PropertyScale.seed(7))
        let pool = ["a", "b", "s.text-2", "s.column-1", "a.text-1", "x.y", "say \"hi\"", "tab\there"]
        func tree(depth: Int) -> Node {
            let source = SourceLocation(file: "random", line: 1, column: 1)
            let containers = ["column", "row", "card"]
            let leaves = ["text", "spacer", "divider"]
            let isContainer = depth < 4 && Int.random(in: 0..<3, using: &random) > 0
            let type = (isContainer ? containers : leaves).randomElement(using: &random)!
            let id = Int.random(in: 0..<4, using: &random) == 0 ? pool.randomElement(using: &random) : nil
            let children =
                isContainer ? (0..<Int.random(in: 0..<5, using: &random)).map { _ in tree(depth: depth + 1) } : nil
            let fallback: Fallback? =
                depth > 0 && Int.random(in: 0..<6, using: &random) == 0 ? .node(tree(depth: depth + 2)) : nil
            return Node(type: type, id: id, children: children, fallback: fallback, source: source)
        }
        /// Every node's ID in document order (a node, its children, its fallback), by the "Writing screens" article's rule.
        func expected(_ root: Node, screenID: String) -> [String] {
            var explicit: Set<String> = []
            func collect(_ node: Node) {
                if let id = node.id { explicit.insert(id) }
                node.children?.forEach(collect)
                if case .node(let fallback) = node.fallback { collect(fallback) }
            }
            collect(root)
            var counters: [String: Int] = [:]
            var ids: [String] = []
            func visit(_ node: Node, anchor: String, inherited: String?) {
                let id: String
                if let given = node.id ?? inherited {
                    id = given
                } else {
                    let key = anchor + "\u{0}" + node.type
                    var number = counters[key, default: 0]
                    repeat { number += 1 } while explicit.contains("\(anchor).\(node.type)-\(number)")
                    counters[key] = number
                    id = "\(anchor).\(node.type)-\(number)"
                }
                ids.append(id)
                let inner = node.id != nil || inherited != nil ? id : anchor
                for child in node.children ?? [] { visit(child, anchor: inner, inherited: nil) }
                if case .node(let fallback) = node.fallback { visit(fallback, anchor: inner, inherited: id) }
            }
            visit(root, anchor: screenID, inherited: nil)
            return ids
        }
        func written(_ envelope: [UInt8]) throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(envelope)) as! [String: Any]
            var ids: [String] = []
            func walk(_ node: [String: Any]) {
                ids.append(node["id"] as! String)
                for child in node["children"] as? [[String: Any]] ?? [] { walk(child) }
                if let fallback = node["fallback"] as? [String: Any] { walk(fallback) }
            }
            walk(object["root"] as! [String: Any])
            return ids
        }
        for round in 0..<200 {
            let root = tree(depth: 0)
            let screen = Screen("s") { root }
            let compiler = Compiler(catalog: Catalog(screens: [screen]))
            let envelope = try #require(try compiler.emitFull(CompileOptions()).first)
            #expect(try written(envelope) == expected(root, screenID: "s"), "round \(round)")
        }
    }
}
