import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

/// Pathological screens are compiled or refused with a clear error, never a crash.
@Suite struct RobustnessTests {
    static func nested(depth: Int) -> Node {
        let source = SourceLocation(file: #filePath, line: #line, column: 1)
        var node = Text("leaf").node
        for _ in 1..<depth {
            node = Node(type: "column", children: [node], source: source)
        }
        return node
    }

    @Test func aScreenTenThousandLevelsDeepIsRefusedWithAClearError() {
        let screen = Screen("deep") { Self.nested(depth: 10_000) }
        let result = Compiler(catalog: Catalog(screens: [screen])).compileFrozen()
        #expect(result.screens.isEmpty)
        #expect(result.diagnostics.map(\.rule) == ["depth-exceeded"])
        #expect(result.diagnostics[0].message == "screen \"deep\" nests deeper than 128 levels")
    }

    @Test func aScreenAtTheDepthLimitCompiles() throws {
        let screen = Screen("deep") { Self.nested(depth: ScreenLimits.maximumDepth) }
        let result = Compiler(catalog: Catalog(screens: [screen])).compileFrozen()
        #expect(result.diagnostics == [])
        let object = try JSONSerialization.jsonObject(with: Data(try #require(result.screens.first).full))
        #expect(object is [String: Any])
    }

    @Test func aMillionNodeScreenIsRefusedWithAClearError() {
        let texts = (0..<1_000_000).map { Text("item \($0)").node }
        let screen = Screen("huge") { LazyVStack(id: "list") { texts } }
        let result = Compiler(catalog: Catalog(screens: [screen])).compileFrozen()
        #expect(result.screens.isEmpty)
        #expect(result.diagnostics.map(\.rule) == ["screen-too-large"])
        #expect(result.diagnostics[0].message == "screen \"huge\" has more than 100000 nodes")
    }

    @Test func aScreenAtTheNodeLimitCompilesWithOutputProportionalToIt() throws {
        let texts = (1..<ScreenLimits.maximumNodes).map { Text("item \($0) \"quoted\"").node }
        let screen = Screen("large") { LazyVStack(id: "list") { texts } }
        let result = Compiler(catalog: Catalog(screens: [screen])).compileFrozen()
        #expect(result.diagnostics == [])
        let compiled = try #require(result.screens.first)
        #expect(compiled.full.count > 6_000_000 && compiled.full.count < 12_000_000)
        #expect(String(decoding: compiled.full.suffix(80), as: UTF8.self).contains("list.text-99999"))
        #expect(
            compiled.variants.map(\.envelope) == [compiled.full], "one version: the variant equals the full envelope")
    }
}
