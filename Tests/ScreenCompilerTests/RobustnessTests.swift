import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
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

    /// A screen big enough to be written on a second thread while it is validated is not written
    /// at all when its minContract names no frozen version: the error is reported, nothing crashes.
    @Test(arguments: [0, 5])
    func aBigScreenWithAnInvalidMinContractIsRefused(minContract: Int) {
        let items = (0..<1_500).map { Text("item \($0)").node }
        let big = Screen("big", minContract: minContract) { LazyVStack(id: "list") { items } }
        let result = Compiler(catalog: Catalog(screens: [big])).compileFrozen()
        #expect(result.diagnostics.map(\.rule) == ["min-contract-invalid"])
        #expect(result.screens.isEmpty)
    }

    /// A screen big enough to be written while it is validated, on a second thread, compiles to
    /// the same bytes and diagnostics as when other screens keep every processor busy and it is
    /// validated first and written after.
    @Test(arguments: [false, true])
    func aBigScreenCompilesTheSameAloneAsAmongOthers(withAnError: Bool) throws {
        let items = (0..<6_000).map { index -> Node in
            if withAnError && index == 4_321 { return Image(url: "http://cdn.example.com/a.png").decorative().node }
            return Text("item \(index)").style(index % 7 == 0 ? .display : .body).node
        }
        let big = Screen("big") { LazyVStack(id: "list") { items } }
        let others = (0...ProcessInfo.processInfo.activeProcessorCount).map { index in
            Screen("other-\(index)") { Text("other") }
        }
        let alone = ExampleApp.compile(Catalog(screens: [big]))
        let amongOthers = ExampleApp.compile(Catalog(screens: [big] + others))
        #expect(alone.diagnostics.map(\.rule) == (withAnError ? ["url-invalid"] : []))
        #expect(amongOthers.diagnostics.filter { $0.nodePath?.hasPrefix("big") == true } == alone.diagnostics)
        if withAnError {
            #expect(alone.screens.isEmpty)
        } else {
            let screen = try #require(alone.screens.first)
            #expect(screen == amongOthers.screens.first)
            #expect(screen.variants.map(\.contract) == [1, 2, 3, 4])
            #expect(screen.variants[0].downgrades.count == 858)
        }
    }
}
