import Foundation
import ScreenDesign
import Testing

/// The Asset Catalog reader on a catalog in Xcode's exact layout (Fixtures/App.xcassets): every
/// component notation Xcode writes, appearances, namespaced and plain groups, system colours, a
/// fresh colour set, a high-contrast variant, an idiom-specific entry, other asset types, and a
/// typo that is reported without hiding the rest.
@Suite struct AssetCatalogReaderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let catalog = fixtures.appendingPathComponent("App.xcassets").path

    static func palette() throws -> AppPalette { try AssetCatalogReader.read(catalogAt: catalog) }

    @Test func readsEveryColourSetWithItsAppearances() throws {
        let palette = try Self.palette()
        #expect(palette.platform == .iOS)
        #expect(
            palette.colors.keys.sorted() == [
                "Accent", "Brand/Surface", "BrandPrimary", "Fresh", "Gray", "Idioms", "Linear", "OldRed", "SystemTint",
                "TextSecondary",
            ])
        let brand = try #require(palette.colors["BrandPrimary"])
        // 0–1 floats, a dark appearance; the high-contrast variant is not what most users see.
        #expect(brand.light?.hex == "#0A84FF" && brand.dark?.hex == "#409CFF")
        #expect(brand.file.hasSuffix("App.xcassets/BrandPrimary.colorset/Contents.json"))
        // 0–255 integers, an explicit light appearance.
        let text = try #require(palette.colors["TextSecondary"])
        #expect(text.light?.hex == "#6B7280" && text.dark?.hex == "#9CA3AF")
        // Hex components in Display P3, with opacity.
        let accent = try #require(palette.colors["Accent"]?.light)
        #expect(accent.space == .displayP3 && accent.red == 0xE8 / 255.0 && accent.alpha == 0.8)
        // A group that provides a namespace prefixes the name; one that does not, does not.
        #expect(palette.colors["Brand/Surface"]?.light?.hex == "#FFF4E5")
        #expect(palette.colors["Brand/Surface"]?.dark == nil)
        #expect(palette.colors["OldRed"]?.light?.hex == "#DC2626")
        // Gray and linear spaces.
        #expect(palette.colors["Gray"]?.light?.hex == "#808080")
        #expect(abs((palette.colors["Linear"]?.light?.red ?? 0) - 0.5) < 0.002)
        // The universal entry wins over an idiom-specific one.
        #expect(palette.colors["Idioms"]?.light?.hex == "#00FF00")
        // A system colour cannot be compared; a fresh colour set declares nothing.
        #expect(palette.colors["SystemTint"]?.unresolved == "system colour systemBlueColor")
        #expect(palette.colors["SystemTint"]?.light == nil)
        let fresh = try #require(palette.colors["Fresh"])
        #expect(fresh.light == nil && fresh.dark == nil && fresh.unresolved == nil)
    }

    @Test func aTypoIsAProblemThatHidesNothingElse() throws {
        let palette = try Self.palette()
        #expect(palette.problems.count == 1)
        #expect(
            palette.problems[0].hasSuffix(
                #"Broken.colorset/Contents.json: colors[0]: component "blue" is "0x1G"; Xcode writes 0–1 ("0.039"), 0–255 ("10") or hex ("0x0A")"#
            ), "\(palette.problems)")
    }

    @Test(arguments: [
        ("0.039", false, 0.039), ("1.000", true, 1.0), ("10", false, 10 / 255.0), ("255", false, 1.0),
        ("0x0A", false, 10 / 255.0), ("0XFF", false, 1.0), ("1", true, 1.0), ("0", true, 0.0), ("1.05", false, 1.05),
    ])
    func componentNotations(text: String, isAlpha: Bool, expected: Double) throws {
        let bytes = Array(
            #"{"colors":[{"idiom":"universal","color":{"color-space":"extended-srgb","components":{"red":"\#(isAlpha ? "0" : text)","green":"0","blue":"0","alpha":"\#(isAlpha ? text : "1.000")"}}}]}"#
                .utf8)
        let entry = try AssetCatalogReader.parseColorSet(bytes, name: "x", file: "x")
        let color = try #require(entry.light)
        #expect(abs((isAlpha ? color.alpha : color.red) - expected) < 1e-12)
    }

    @Test(arguments: [
        (#"{"colors":[{"color":{"components":{"red":"256","green":"0","blue":"0"}}}]}"#, #"component "red" is "256""#),
        (
            #"{"colors":[{"color":{"components":{"red":"0x100","green":"0","blue":"0"}}}]}"#,
            #"component "red" is "0x100""#
        ),
        (#"{"colors":[{"color":{"components":{"green":"0","blue":"0"}}}]}"#, #"component "red" is missing"#),
        (
            #"{"colors":[{"color":{"components":{"red":"0","green":"0","blue":"0","alpha":"2"}}}]}"#,
            #"component "alpha" is "2""#
        ),
        (#"{"colors":[{"color":{"color-space":"cmyk","components":{}}}]}"#, #"colour space "cmyk" is not read"#),
        (#"{"colors":[{"color":{"color-space":"srgb"}}]}"#, #"the colour has no "components""#),
        (#"{"colors":{}}"#, #""colors" is not a list"#),
        (#"[1]"#, "not a JSON object"),
        (#"{"colors":[{"#, "invalid JSON"),
    ])
    func brokenColourSetsAreClearErrors(json: String, expected: String) {
        do {
            _ = try AssetCatalogReader.parseColorSet(Array(json.utf8), name: "x", file: "x/Contents.json")
            Issue.record("read \(json)")
        } catch {
            #expect(error.description.hasPrefix("x/Contents.json: "), "\(error)")
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func aPathThatIsNotAFolderAndAFolderTooDeepAreRefused() throws {
        #expect(throws: AppPaletteError.self) {
            try AssetCatalogReader.read(catalogAt: Self.catalog + "/Contents.json")
        }
        #expect(throws: AppPaletteError.self) { try AssetCatalogReader.read(catalogAt: "/nonexistent/App.xcassets") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-deep-\(UUID()).xcassets")
        defer { try? FileManager.default.removeItem(at: root) }
        var folder = root
        for level in 0..<20 { folder = folder.appendingPathComponent("g\(level)") }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let error = #expect(throws: AppPaletteError.self) { try AssetCatalogReader.read(catalogAt: root.path) }
        #expect(error?.description.contains("folders nest deeper than 16") == true)
    }

    @Test func readingWritesNothing() throws {
        func listing() throws -> [String: Date] {
            var files: [String: Date] = [:]
            let enumerator = FileManager.default.enumerator(atPath: Self.catalog)
            while let path = enumerator?.nextObject() as? String {
                let attributes = try FileManager.default.attributesOfItem(atPath: Self.catalog + "/" + path)
                files[path] = attributes[.modificationDate] as? Date
            }
            return files
        }
        let before = try listing()
        _ = try Self.palette()
        #expect(try listing() == before)
    }
}
