import Foundation
import ScreenCompiler
import ScreenKit
import Testing

/// `id-duplicate` names the other node the way the diagnostic names its own: by its node path (in
/// the same form as ``Diagnostic/nodePath``), then where it was written.
@Suite struct DuplicateIDMessageTests {
    typealias Chip = VersionedValidationTests.Chip

    @Test func aRepeatedIDNamesTheFirstNodeByItsPath() throws {
        let result = ValidationTests.compile([
            Screen("s") {
                Column(id: "form") {
                    Column(id: "names") { Text("a", id: "email", line: 101, column: 7) }
                    Text("b", id: "email")
                }
            }
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(diagnostic.nodePath == "s/form/email")
        #expect(
            diagnostic.message
                == "node ID \"email\" is already used by s/form/names/email, written at \(#filePath):101:7")
    }

    @Test func aFallbackIDUsedElsewhereNamesThatNodeByItsPath() throws {
        let result = ValidationTests.compile([
            Screen("s") {
                Column(id: "form") {
                    Text("z", id: "z", line: 102, column: 8)
                    Text("a", id: "a").fallback(Text("old", id: "z"))
                }
            }
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(diagnostic.nodePath == "s/form/a/fallback/z", "the fallback node itself, not its parent")
        #expect(
            diagnostic.message
                == "fallback node ID \"z\" is already used by s/form/z, written at \(#filePath):102:8")
    }

    @Test func anIDRepeatedWithinOneFallbackNamesTheEarlierNode() throws {
        let result = ValidationTests.compile([
            Screen("s") {
                Column(id: "form") {
                    Text("a", id: "a").fallback(
                        Column(id: "old") {
                            Text("x", id: "x", line: 103, column: 9)
                            Text("y", id: "x")
                        })
                }
            }
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(diagnostic.nodePath == "s/form/a/fallback/old/x")
        #expect(
            diagnostic.message
                == "fallback node ID \"x\" is already used by s/form/a/fallback/old/x, written at \(#filePath):103:9"
        )
    }

    /// Found while writing the variant for contract 1, where both fallbacks apply.
    @Test func anIDRepeatedInAVariantNamesTheOtherNodeByItsPath() throws {
        let result = VersionedValidationTests.twoVersions([
            Screen("s") {
                Column(id: "form") {
                    Chip("a").fallback(
                        Column(id: "old-a") { Text("a", id: "shared", line: 104, column: 10) })
                    Chip("b").fallback(
                        Column(id: "old-b") { Text("b", id: "shared") })
                }
            }
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(diagnostic.nodePath == "s/form/form.chip-2/fallback/old-b/shared")
        #expect(
            diagnostic.message
                == "node ID \"shared\" appears twice in the payload for contract 1: also used by s/form/form.chip-1/fallback/old-a/shared, written at \(#filePath):104:10"
        )
    }

    /// A fallback that repeats the ID of a primary node the variant keeps.
    @Test func aVariantIDClashWithAKeptNodeNamesThatNode() throws {
        let result = VersionedValidationTests.twoVersions([
            Screen("s") {
                Column(id: "form") {
                    Text("t", id: "title", line: 105, column: 11)
                    Chip("a").fallback(Column(id: "old") { Chip("b").fallback(Text("x", id: "title")) })
                }
            }
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.map(\.rule) == ["id-duplicate"])
        #expect(diagnostic.nodePath == "s/form/form.chip-1/fallback/old/old.chip-1/fallback/title")
        #expect(
            diagnostic.message
                == "node ID \"title\" appears twice in the payload for contract 1: also used by s/form/title, written at \(#filePath):105:11"
        )
    }
}
