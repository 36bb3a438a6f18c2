import Foundation
import ScreenDesign
import Testing

/// The Android reader on a `res` folder with the quirks real projects carry
/// (Fixtures/res): comments (one hiding a colour), a tools namespace attribute, single-quoted
/// attributes, short `#RGB`/`#ARGB` values, references to other colours and to Android's own, a
/// theme attribute, a translator's typo, a colour in another file as `<item type="color">`, a
/// string array and a dimension that are not colours, a tag spread over lines, a night folder that
/// overrides only some colours, and a `values-v31` folder that is not read.
@Suite struct AndroidColorsReaderTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/res").path

    static func palette() throws -> AppPalette { try AndroidColorsReader.read(resourcesAt: resources) }

    @Test func readsEveryColourWithItsNightValue() throws {
        let palette = try Self.palette()
        #expect(palette.platform == .android)
        #expect(
            palette.colors.keys.sorted() == [
                "brand_primary", "divider", "link", "on_brand", "short_translucent", "short_white", "spread_out",
                "surface_accent", "text_secondary", "themed", "typo",
            ])
        let brand = try #require(palette.colors["brand_primary"])
        #expect(brand.light?.hex == "#0A84FF" && brand.dark?.hex == "#409CFF")  // values-v31 is not read
        #expect(brand.location.hasSuffix("res/values/colors.xml:4"))
        #expect(palette.colors["text_secondary"]?.light?.hex == "#6B7280")  // #FF6B7280: opaque
        #expect(palette.colors["text_secondary"]?.dark?.hex == "#9CA3AF")
        // No night value: the app draws the light one in dark mode.
        #expect(palette.colors["surface_accent"]?.light?.hex == "#FFF4E5")
        #expect(palette.colors["surface_accent"]?.dark == nil)
        #expect(palette.colors["short_white"]?.light?.hex == "#FFFFFF")
        #expect(palette.colors["short_translucent"]?.light?.hex == "#88000000")
        // A reference follows the appearance it is read in.
        #expect(palette.colors["link"]?.light?.hex == "#0A84FF" && palette.colors["link"]?.dark?.hex == "#409CFF")
        #expect(palette.colors["on_brand"]?.light?.hex == "#FFFFFF")
        #expect(palette.colors["divider"]?.light?.hex == "#E5E7EB")
        #expect(palette.colors["divider"]?.location.hasSuffix("res/values/themes.xml:6") == true)
        #expect(palette.colors["spread_out"]?.light?.hex == "#1C1C1E")
    }

    @Test func whatCannotBeResolvedSaysWhy() throws {
        let palette = try Self.palette()
        #expect(palette.colors["themed"]?.unresolved == "theme attribute ?attr/colorPrimary")
        #expect(palette.colors["typo"]?.unresolved == ##""#12345" is not #RGB, #ARGB, #RRGGBB or #AARRGGBB"##)
        #expect(palette.colors["typo"]?.light == nil)
        #expect(palette.problems == [])
    }

    func palette(files: [String: String]) throws -> AppPalette {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-res-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return try AndroidColorsReader.read(resourcesAt: root.path)
    }

    @Test(arguments: [
        ("<resources>\n<color name=\"a\">#000000</color>\n", "values/colors.xml:3: <resources> is never closed"),
        (
            "<resources>\n<!-- open\n<color name=\"a\">#000</color></resources>",
            "values/colors.xml:2: a comment is never closed"
        ),
        (
            "<palette><color name=\"a\">#000</color></palette>",
            "values/colors.xml:1: the root element is <palette>, not <resources>"
        ),
        ("<resources>\n<color name=a>#000</color></resources>", "values/colors.xml:2: attribute name is not quoted"),
        ("<resources></color></resources>", "values/colors.xml:1: </color> closes no open element"),
    ])
    func aBrokenFileIsAProblemAndTheOthersAreStillRead(text: String, expected: String) throws {
        let palette = try palette(files: [
            "values/colors.xml": text, "values/more.xml": "<resources><color name=\"b\">#FFFFFF</color></resources>",
        ])
        #expect(palette.colors.keys.sorted() == ["b"])
        #expect(palette.problems.count == 1)
        #expect(palette.problems.first?.hasSuffix(expected) == true, "\(palette.problems)")
    }

    @Test func aColourDeclaredTwiceIsAProblemAndTheFirstCounts() throws {
        let palette = try palette(files: [
            "values/a.xml": "<resources><color name=\"x\">#000000</color></resources>",
            "values/b.xml": "<resources>\n\n<color name=\"x\">#FFFFFF</color></resources>",
        ])
        #expect(palette.colors["x"]?.light?.hex == "#000000")
        #expect(palette.problems.count == 1)
        #expect(
            palette.problems[0].contains("values/b.xml:3: colour x is declared twice (also at "), "\(palette.problems)")
    }

    @Test func aReferenceLoopIsUnresolvedNotAHang() throws {
        let palette = try palette(files: [
            "values/colors.xml":
                "<resources><color name=\"a\">@color/b</color><color name=\"b\">@color/a</color></resources>"
        ])
        #expect(palette.colors["a"]?.unresolved == "@color/a refers to itself")
    }

    @Test func aFolderWithoutValuesIsRefused() throws {
        let error = #expect(throws: AppPaletteError.self) { try palette(files: ["drawable/x.xml": "<shape/>"]) }
        #expect(error?.description.hasSuffix("has no values folder") == true)
        #expect(throws: AppPaletteError.self) { try AndroidColorsReader.read(resourcesAt: "/nonexistent/res") }
    }
}
