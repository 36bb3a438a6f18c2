import Foundation
import ScreenCompiler
import ScreenKit
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
}
