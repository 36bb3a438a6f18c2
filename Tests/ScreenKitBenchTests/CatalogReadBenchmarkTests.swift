import ScreenLocalization
import Testing

@testable import screenkit_bench

/// `screenkit-bench catalog-read`: its options, and a tiny run whose generated catalog must decode.
/// No timing is asserted.
struct CatalogReadBenchmarkTests {
    @Test func takesKeysLocalesAndRunsAndDefaultsTheRest() throws {
        #expect(try BenchArguments.parse(["catalog-read"]) == .catalogRead(CatalogReadBenchmark.Options()))
        #expect(CatalogReadBenchmark.Options() == CatalogReadBenchmark.Options(keys: 700, locales: 19, runs: 20))
        let parsed = try BenchArguments.parse(["catalog-read", "--keys", "20", "--locales", "3", "--runs", "1"])
        #expect(parsed == .catalogRead(CatalogReadBenchmark.Options(keys: 20, locales: 3, runs: 1)))
        #expect(try BenchArguments.parse(["catalog-read", "--locales", "19"]) == .catalogRead(.init(locales: 19)))
        #expect(try BenchArguments.parse(["catalog-read", "--help"]) == .help)
    }

    @Test func aTinyRunDecodesTheKeysAndLocalesAskedFor() throws {
        let parsed = try BenchArguments.parse(["catalog-read", "--keys", "20", "--locales", "3", "--runs", "1"])
        guard case .catalogRead(let options) = parsed else {
            Issue.record("parsed as \(parsed)")
            return
        }
        let report = try CatalogReadBenchmark.measure(options)
        #expect(report.catalog.keys == 20)
        #expect(report.decodedKeys == 20)
        #expect(report.decodedLocales == ["en", "de", "fr"])
        #expect(report.decode.sorted.count == 1 && report.foundation.sorted.count == 1)
    }

    /// 60 keys hold every kind (substitutions at key 12, device variations at 30), and all 19
    /// locales every plural category set the catalog uses (Arabic's six, Japanese's one).
    @Test func everyKindInEveryLocaleDecodes() throws {
        let report = try CatalogReadBenchmark.measure(CatalogReadBenchmark.Options(keys: 60, locales: 19, runs: 1))
        #expect(report.decodedKeys == 60)
        #expect(report.decodedLocales == Set(BenchStringCatalog.locales))
        #expect(report.catalog.kinds == [.plain: 49, .plural: 9, .substitution: 1, .device: 1])
    }

    /// The quirks of a shipped catalog: partial locales, substitutions without `argNum`, the empty
    /// key and source-text keys, and one typo in a hundred keys, left out by the reader.
    @Test func theShippedCatalogsQuirksDecode() throws {
        let catalog = BenchStringCatalog.make(keys: 100, locales: 19)
        #expect(catalog.typos == 1)
        let decoded = try StringCatalog.decode(catalog.bytes, path: "Localizable.xcstrings")
        #expect(decoded.problems.map(\.locale) == ["en-GB"])
        #expect(decoded.problems.first?.key == BenchStringCatalog.key(77))
        #expect(decoded.entries[BenchStringCatalog.key(1)]?.localizations.count == 12)
        #expect(decoded.entries[BenchStringCatalog.key(3)]?.localizations.count == 19)
        #expect(decoded.entries[""] != nil)
        #expect(BenchStringCatalog.key(9) == "Loyalty accessibility label?\nTap “OK” to go on (9).")
        // German (the second locale) leaves argNum out; English writes it: the same argument.
        let substitution = try #require(decoded.entries[BenchStringCatalog.key(12)])
        #expect(substitution.localizations["de"]?.substitutions["items"]?.argument == 1)
        #expect(substitution.localizations["en"]?.substitutions["items"]?.argument == 1)
    }

    @Test func theCatalogIsLaidOutAsXcodeWritesItAndTheSameEveryTime() {
        let catalog = BenchStringCatalog.make(keys: 8, locales: 2)
        let text = String(decoding: catalog.bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"\" : {\n"))
        #expect(text.contains("\n    \"address.accessibility.label\" : {\n"))
        #expect(text.hasSuffix("\n  },\n  \"version\" : \"1.0\"\n}\n"))
        #expect(catalog.bytes == BenchStringCatalog.make(keys: 8, locales: 2).bytes)
    }
}
