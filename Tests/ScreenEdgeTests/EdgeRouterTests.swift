import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenJSON
import ScreenTestSupport
import Testing

/// The generated router and table: reviewed goldens for the example app, the same bytes for the
/// same manifest, and what the table holds.
@Suite struct EdgeRouterTests {
    /// The example app's bucket as `screenkit build` writes it.
    static func layout() -> BucketLayout {
        let result = ExampleApp.compileLocalized()
        return BucketLayout(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
            locales: result.locales)
    }

    static func router(_ layout: BucketLayout, options: EdgeRouter.Options) throws -> EdgeRouter {
        try EdgeRouter(
            manifest: layout.manifest, manifestHash: layout.manifestHash, objects: EdgeFixture.objects(of: layout),
            options: options)
    }

    @Test func theExampleAppsRouterAndTableAreTheReviewedGoldens() throws {
        let router = try Self.router(
            Self.layout(), options: EdgeRouter.Options(unit: .header("X-User-ID"), allowsOverrides: false))
        #expect(
            router.files.map(\.name) == [
                EdgeRouter.fetchFile, EdgeRouter.njsFile, EdgeRouter.nginxFile, EdgeRouter.lambdaEdgeFile, "table.json",
            ])
        for file in router.files { Golden.expect(file.bytes, matches: "edge/\(file.name)") }
    }

    @Test func anUnchangedManifestGivesTheSameBytes() throws {
        let first = Self.layout()
        let again = Self.layout()
        #expect(again.manifestHash == first.manifestHash)
        let options = EdgeRouter.Options(unit: .cookie("uid"))
        #expect(try Self.router(first, options: options).files == Self.router(again, options: options).files)
        // Other options change the routers, never the table.
        let other = try Self.router(first, options: EdgeRouter.Options(unit: .query("user"), allowsOverrides: true))
        #expect(other.files.last == (try Self.router(first, options: options)).files.last)
        #expect(other.files.first != (try Self.router(first, options: options)).files.first)
    }

    @Test func theTableNamesEveryVariantAndItsETag() throws {
        let layout = Self.layout()
        let table = try Self.router(layout, options: EdgeRouter.Options()).table
        let document = try JSONReader.read(table.bytes)
        #expect(document.members?.map(\.key) == ["format", "manifest", "contract", "locales", "screens", "etags"])
        let screens = try #require(document.members?.first { $0.key == "screens" }?.value.members)
        func objects(_ id: String) -> [JSONMember] {
            screens.first { $0.key == id }?.value.members?.first { $0.key == "objects" }?.value.members ?? []
        }
        // A localized screen by locale, the source language first; one without, once.
        #expect(objects("sign-in").map(\.key) == ["en", "de", "fr", "pl"])
        #expect(objects("home").map(\.key) == ["en"])
        // Two experiments, two arms each: the all-control key first, as the manifest lists them.
        #expect(
            objects("home").first?.value.members?.map(\.key) == [
                "control,off", "control,on", "shipping-first,off", "shipping-first,on",
            ])
        let etags = try #require(document.members?.first { $0.key == "etags" }?.value.members)
        #expect(etags.count == Set(etags.map(\.key)).count)
        #expect(etags.allSatisfy { $0.value.stringValue?.count == 34 })
        // A manifest naming an object the folder lacks: a clear error, no table.
        var missing = EdgeFixture.objects(of: layout)
        let removed = try #require(missing.keys.sorted().first)
        missing[removed] = nil
        #expect {
            _ = try EdgeTable(manifest: layout.manifest, manifestHash: layout.manifestHash, objects: missing)
        } throws: { error in
            (error as? EdgeTable.MissingObject)?.description
                == "objects/\(removed).json, which the manifest names, is missing"
        }
    }

    @Test func withoutStringCatalogsTheTableHasNoLocales() throws {
        let result = ExampleApp.compact
        let layout = BucketLayout(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes)
        let table = try Self.router(layout, options: EdgeRouter.Options()).table
        let text = String(decoding: table.bytes, as: UTF8.self)
        #expect(!text.contains("\"locales\""))
        #expect(text.contains("\"objects\":{\"\":{"))
    }
}
