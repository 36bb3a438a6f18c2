import Foundation
import ScreenCompiler
import ScreenKit
import Testing

/// One bad screen per rule: the rule fires, at the Swift line that wrote the node, and nothing is emitted.
@Suite struct ValidationTests {
    static func compile(_ screens: [Screen], components: [any Component.Type] = StandardCatalog.components)
        -> CompileResult
    {
        Compiler(catalog: Catalog(components: components, screens: screens)).compileFrozen()
    }

    static func expectOnly(
        _ rule: String, in result: CompileResult, line: Int? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(result.screens.isEmpty, "nothing is emitted when there are errors", sourceLocation: sourceLocation)
        #expect(result.hasErrors, sourceLocation: sourceLocation)
        #expect(result.diagnostics.map(\.rule) == [rule], "\(result.diagnostics)", sourceLocation: sourceLocation)
        if let line {
            #expect(result.diagnostics.first?.location?.line == line, sourceLocation: sourceLocation)
            #expect(result.diagnostics.first?.location?.file == #filePath, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["", "Sign-In", "sign in", "-leading", "_x", "a/b", "é", String(repeating: "a", count: 65)])
    func invalidScreenIDs(id: String) {
        let line = #line + 1
        let result = Self.compile([Screen(id) { Text("x") }])
        Self.expectOnly("screen-id-invalid", in: result, line: line)
        #expect(result.diagnostics[0].message.contains("\"\(id)\""))
    }

    @Test(arguments: ["a", "0", "sign-in", "product_42", String(repeating: "a", count: 64)])
    func validScreenIDs(id: String) {
        #expect(Self.compile([Screen(id) { Text("x") }]).diagnostics == [])
    }

    @Test func duplicateScreenIDsNameBothDeclarations() {
        let first = Screen("home") { Text("one") }
        let line = #line + 1
        let second = Screen("home") { Text("two") }
        let result = Self.compile([first, second])
        Self.expectOnly("screen-id-duplicate", in: result, line: line)
        #expect(result.diagnostics[0].message.contains("\(first.source)"))
    }

    @Test func nonFiniteNumbersAreRefused() {
        let line = #line + 3
        let result = Self.compile([
            Screen("s") {
                Spacer(height: .nan)
            }
        ])
        Self.expectOnly("number-not-finite", in: result, line: line)
        #expect(result.diagnostics[0].nodePath == "s/s.spacer-1")
    }

    @Test func infiniteNumbersInActionsAreRefused() {
        let result = Self.compile([
            Screen("s", initialState: ["n": 0]) {
                Button("b", id: "b", action: .updateState("n", to: Double.infinity))
            }
        ])
        Self.expectOnly("number-not-finite", in: result)
    }

    @Test func aMissingRequiredPropOfAHandBuiltNodeIsReported() {
        let line = #line + 3
        let result = Self.compile([
            Screen("s") {
                Node(type: "text", props: [], source: SourceLocation(file: #filePath, line: #line, column: #column))
            }
        ])
        Self.expectOnly("prop-required", in: result, line: line)
        #expect(result.diagnostics[0].message.contains("\"content\""))
    }

    @Test func aMissingRequiredActionFieldIsReported() {
        let action = Action(kind: "navigate", fields: [])
        let result = Self.compile([Screen("s") { Button("b", id: "b", action: action) }])
        Self.expectOnly("prop-required", in: result)
    }

    @Test func unknownComponentsPropsAndActionsAreReported() {
        let source = SourceLocation(file: #filePath, line: #line, column: #column)
        let result = Self.compile([
            Screen("s") {
                Column {
                    Node(type: "carousel", source: source)
                    Text("x").setting("fontSize", .number(3))
                    Button("b", id: "b", action: Action(kind: "vibrate", fields: []))
                }
            }
        ])
        #expect(result.diagnostics.map(\.rule).sorted() == ["action-unknown", "component-unknown", "prop-unknown"])
        #expect(result.screens.isEmpty)
    }

    @Test func wrongTypesBadEnumValuesBadColorsAndEmptyStringsAreReported() {
        let result = Self.compile([
            Screen("s") {
                Column {
                    Text("x").setting("style", .string("huge"))
                    Text("y").setting("content", .number(1))
                    Text("z").color("red")
                    Button("b", id: "b", action: .navigate(to: ""))
                }
            }
        ])
        #expect(
            result.diagnostics.map(\.rule).sorted() == [
                "enum-value-unknown", "prop-type", "string-empty", "token-unknown",
            ])
    }

    @Test func childrenOnALeafAreReported() {
        var text = Text("x").node
        text.children = [Text("y").node]
        Self.expectOnly("children-on-leaf", in: Self.compile([Screen("s") { text }]))
    }

    @Test func aScreenNeedsExactlyOneRoot() {
        Self.expectOnly(
            "screen-root",
            in: Self.compile([
                Screen("s") {
                    Text("a")
                    Text("b")
                }
            ]))
        Self.expectOnly("screen-root", in: Self.compile([Screen("s") {}]))
    }

    @Test func duplicateAndInvalidNodeIDsAreReported() {
        let result = Self.compile([
            Screen("s") {
                Column {
                    Text("a", id: "same")
                    Text("b", id: "same")
                    Text("c", id: "has space")
                }
            }
        ])
        #expect(result.diagnostics.map(\.rule).sorted() == ["id-duplicate", "id-invalid"])
    }

    @Test func aFallbackMayReuseTheReplacedIDButNotAnother() {
        let ok = Self.compile([Screen("s") { Column { Text("a", id: "a").fallback(Text("old", id: "a")) } }])
        #expect(ok.diagnostics == [])
        let clash = Self.compile([
            Screen("s") {
                Column {
                    Text("z", id: "z")
                    Text("a", id: "a").fallback(Text("old", id: "z"))
                }
            }
        ])
        Self.expectOnly("id-duplicate", in: clash)
    }

    @Test func allProblemsAreReportedTogether() {
        let result = Self.compile([
            Screen("Bad ID") { Spacer(height: .infinity) },
            Screen("ok") {
                Column {
                    Text("a", id: "x")
                    Text("b", id: "x")
                }
            },
        ])
        #expect(result.diagnostics.map(\.rule).sorted() == ["id-duplicate", "number-not-finite", "screen-id-invalid"])
    }
}
