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
}
