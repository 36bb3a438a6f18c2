import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenCrypto
import ScreenKit
import ScreenKitCLI
import ScreenPublish
import ScreenTestSupport
import Testing

/// The bucket image of a localized build: a variant per locale and contract version under
/// `locales/`, stored once per distinct bytes, listed by the manifest and published.
@Suite struct LocalizedBucketTests {
    static let result: CompileResult = {
        let result = ExampleApp.compileLocalized()
        precondition(!result.hasErrors, "\(result.diagnostics)")
        return result
    }()

    static func layout() -> BucketLayout {
        BucketLayout(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
            locales: result.locales)
    }

    static func text(_ bytes: [UInt8]?) -> String { String(decoding: bytes ?? [], as: UTF8.self) }

    @Test func everyLocaleGetsItsVariantsAndTheTranslationsAreInThem() throws {
        #expect(Self.result.locales == ["en", "de", "fr", "pl"])
        let files = Self.layout().files
        for (locale, welcome) in [("en", "Welcome back"), ("de", "Willkommen zurück"), ("pl", "Witaj ponownie")] {
            for path in [
                "locales/\(locale)/screens/sign-in", "locales/\(locale)/contracts/1/screens/sign-in",
                "locales/\(locale)/contracts/2/screens/sign-in",
            ] {
                #expect(Self.text(files[path]).contains("\"\(welcome)\""), "\(path)")
            }
        }
        #expect(!Self.text(files["locales/fr/screens/sign-in"]).contains("Welcome back"))
        #expect(files["locales/en/screens/sign-in"] == files["screens/sign-in"], "the source language is the default")
        for id in App.catalog.screens.map(\.id) {
            for locale in Self.result.locales {
                for path in [
                    "screens/\(id)", "contracts/1/screens/\(id)", "contracts/2/screens/\(id)",
                    "contracts/3/screens/\(id)",
                ] {
                    let bytes = try #require(files["locales/\(locale)/\(path)"], "locales/\(locale)/\(path)")
                    #expect(files[BucketLayout.object(SHA256.hexDigest(bytes))] == bytes, "an alias of an object")
                }
            }
        }
    }

    @Test func theSourceLanguageBytesAreTheGoldens() throws {
        let pretty = ExampleApp.compileLocalized(style: .pretty)
        #expect(pretty.screens.count == ExampleApp.pretty.screens.count)
        for screen in pretty.screens {
            // Read, never recorded: these goldens belong to the unlocalized build.
            let full = try Data(contentsOf: Golden.directory.appendingPathComponent("envelopes/\(screen.id).json"))
            #expect(screen.full == [UInt8](full), "\(screen.id)")
            for variant in screen.variants {
                let golden = try Data(
                    contentsOf: Golden.directory.appendingPathComponent(
                        "variants/\(screen.id)@\(variant.contract).json"))
                #expect(variant.envelope == [UInt8](golden), "\(screen.id)@\(variant.contract)")
            }
        }
        // The compact source bytes are those of a build without String Catalogs, file for file.
        let plain = BucketLayout(
            screens: ExampleApp.compact.screens, contract: 4, history: ExampleApp.historyHashes)
        let files = Self.layout().files
        for (path, bytes) in plain.files where !path.hasPrefix("manifests/") && path != BucketLayout.pointer {
            #expect(files[path] == bytes, "\(path)")
        }
    }

    @Test func aScreenWithoutLocalizedStringsIsStoredOnceForEveryLocale() throws {
        let layout = Self.layout()
        let aliases = BucketLayout.aliases(of: layout.manifest)
        let home = try #require(layout.manifest.screens.first { $0.id == "home" })
        #expect(home.localizations.isEmpty)
        for variant in home.variants {
            let objects = Set(
                Self.result.locales.map { aliases["locales/\($0)/contracts/\(variant.contract)/screens/home"] })
            #expect(objects == [variant.object], "one object for every locale")
        }
        // Only sign-in has localized strings: its three translations add their objects, nothing else does.
        let plain = BucketLayout(
            screens: ExampleApp.compact.screens, contract: 4, history: ExampleApp.historyHashes)
        let signIn = try #require(layout.manifest.screens.first { $0.id == "sign-in" })
        #expect(signIn.localizations.map(\.locale) == ["de", "fr", "pl"])
        let added = Set(signIn.localizations.flatMap { [$0.full] + $0.variants.map(\.object) })
        #expect(layout.immutablePaths.count == plain.immutablePaths.count + added.count)
        #expect(
            BucketLayout.objects(of: layout.manifest).map(BucketLayout.object).allSatisfy(layout.files.keys.contains))
    }

    @Test func theManifestListsTheLocalizationsAndMatchesItsGolden() throws {
        let manifest = Self.layout().manifest
        #expect(manifest.locales == Manifest.Locales(source: "en", available: ["de", "en", "fr", "pl"]))
        Golden.expect(manifest.encoded(style: .pretty), matches: "manifest-localized.json")
        #expect(try Manifest.decode(manifest.encoded()) == manifest)
        #expect(try Manifest.decode(manifest.encoded(style: .pretty)) == manifest)
        // Without String Catalogs, not a byte changes: no `locales` member, no `localizations`.
        let plain = BucketLayout(
            screens: ExampleApp.compact.screens, contract: 4, history: ExampleApp.historyHashes)
        #expect(plain.manifest.locales == nil)
        #expect(!plain.files.keys.contains { $0.hasPrefix("locales/") })
        #expect(!Self.text(plain.manifest.encoded()).contains("locale"))
    }

    @Test func localizedCombinationsOfExperimentsRoundTrip() throws {
        // The example's localized screen has no experiments: give sign-in's translations some.
        let manifest = Self.layout().manifest
        let hash = String(repeating: "a", count: 64)
        let experiment = Experiment.Declaration(
            name: "hero", salt: "", decision: .weighted, control: "control",
            arms: [.init(name: "control", weight: 1), .init(name: "b", weight: 1)])
        let variants = try #require(manifest.screens.first { $0.id == "home" }).variants
        let combination = Manifest.Combination(arms: ["b"], full: hash, variants: variants)
        let screens = manifest.screens.map { screen in
            guard screen.id == "sign-in" else { return screen }
            return Manifest.Screen(
                id: screen.id, minContract: screen.minContract, full: screen.full, variants: screen.variants,
                experiments: [experiment], combinations: [combination],
                localizations: screen.localizations.map {
                    Manifest.Localization(
                        locale: $0.locale, full: $0.full, variants: $0.variants, combinations: [combination])
                })
        }
        let withExperiments = Manifest(
            contract: 4, history: manifest.history, screens: screens, previous: nil, locales: manifest.locales)
        let bytes = withExperiments.encoded()
        #expect(try Manifest.decode(bytes) == withExperiments)
        #expect(Self.text(bytes).contains(#"{"locale":"de","arms":["b"],"full":"\#(hash)""#))
        #expect(BucketLayout.objects(of: withExperiments).contains(hash))
    }

    @Test(arguments: [
        // A locale name that would climb out of `locales/`.
        (#""locale":"de""#, #""locale":"../x""#, #"in "../x", which is not a locale name"#),
        (#""available":["#, #""available":["a/b","#, #"lists locale "a/b", which is not a locale name"#),
        (#""source":"en""#, #""source":"..""#, #"lists locale "..", which is not a locale name"#),
        // The source language, a locale not served, or one listed twice.
        (#""locale":"de""#, #""locale":"en""#, "which is the source language, twice listed or not among its locales"),
        (#""locale":"de""#, #""locale":"it""#, "which is the source language, twice listed or not among its locales"),
        (#""locale":"fr""#, #""locale":"de""#, "which is the source language, twice listed or not among its locales"),
        (#""available":["de","#, #""available":["de","de","#, "list a locale twice or leave out the source"),
        // A combination entry without its locale's own objects before it.
        (#"{"locale":"de","#, #"{"locale":"de","arms":[],"#, "that does not follow that locale's own objects"),
    ])
    func aHostileLocalizationIsRefusedWithAClearError(replacing: String, with: String, message: String) throws {
        let bytes = Self.text(Self.layout().manifest.encoded())
        #expect(bytes.contains(replacing))
        let hostile = bytes.replacingOccurrences(of: replacing, with: with)
        #expect {
            _ = try Manifest.decode(Array(hostile.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func tooManyLocalesOrLocalizationsAreRefused() throws {
        let bytes = Self.text(Self.layout().manifest.encoded())
        let many = (0..<101).map { "\"x\(Self.letters($0))\"" }
        let tooManyLocales = bytes.replacingOccurrences(
            of: #""available":["#, with: #""available":[\#(many.joined(separator: ",")),"#)
        #expect {
            _ = try Manifest.decode(Array(tooManyLocales.utf8))
        } throws: { error in
            "\(error)" == "the manifest lists 105 locales; a manifest lists at most \(Manifest.maximumLocales)"
        }
        // Entries over the bound, each well formed: refused before any is looked at.
        let start = try #require(bytes.range(of: #""localizations":["#))
        let entry = #"{"locale":"de","full":"\#(String(repeating: "a", count: 64))","variants":[]}"#
        let flood = Array(repeating: entry, count: Manifest.maximumLocalizationEntries + 1).joined(separator: ",")
        let tooManyEntries = bytes.replacingCharacters(in: start, with: #""localizations":[\#(flood),"#)
        #expect {
            _ = try Manifest.decode(Array(tooManyEntries.utf8))
        } throws: { error in
            "\(error)".contains(
                "lists \(Manifest.maximumLocalizationEntries + 4) localizations of screen \"sign-in\"; a screen has at most"
            )
        }
        // Within the entry bound, but in more locales than a manifest has.
        let locales = (0..<101).map {
            #"{"locale":"x\#(Self.letters($0))","full":"\#(String(repeating: "a", count: 64))","variants":[]}"#
        }
        let tooManyLocalized = bytes.replacingCharacters(
            in: start, with: #""localizations":[\#(locales.joined(separator: ",")),"#)
        #expect {
            _ = try Manifest.decode(Array(tooManyLocalized.utf8))
        } throws: { error in
            "\(error)".contains("lists 104 localizations of screen \"sign-in\"; a screen has at most 100")
        }
    }

    @Test func localeNamesAreCheckedBeforeTheyBecomePaths() {
        for name in ["de", "pt-BR", "zh_Hant", "sr-Latn-RS", "x" + String(repeating: "a", count: 34)] {
            #expect(BucketLayout.isLocale(name), "\(name)")
        }
        for name in [
            "", ".", "..", "../x", "de/", "a/b", "-de", "de-", "de--AT", "1de", "de AT", "dé", "de.json",
            "x" + String(repeating: "a", count: 35),
        ] {
            #expect(!BucketLayout.isLocale(name), "\(name)")
        }
    }

    @Test func buildingTwiceIsByteIdentical() throws {
        let first = Self.layout()
        #expect(ExampleApp.compileLocalized().screens == Self.result.screens)
        let second = Self.layout()
        #expect(first.files == second.files)
    }

    @Test func publishUploadsTheLocaleAliasesAndARerunWritesNothing() async throws {
        let folder = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // First without String Catalogs, then localized: the locale aliases and objects are new.
        let plainPlan = try await Publisher(bucket: DirectoryBucket(path: folder.path)).plan(
            screens: PublishFixture.screens(), contract: 4, history: PublishFixture.historyHashes)
        _ = try await Publisher(bucket: DirectoryBucket(path: folder.path)).publish(plainPlan)
        let bucket = CountingBucket(DirectoryBucket(path: folder.path))
        let publisher = Publisher(bucket: bucket)
        let plan = try await publisher.plan(
            screens: Self.result.screens, contract: 4, history: PublishFixture.historyHashes,
            locales: Self.result.locales)
        let localeAliases = plan.layout.files.keys.filter { $0.hasPrefix("locales/") }.sorted()
        #expect(localeAliases.count == 4 * 5 * App.catalog.screens.count)
        #expect(plan.aliases == localeAliases, "only the locale aliases are new")
        #expect(
            Set(plan.uploads)
                == Set(plan.layout.immutablePaths.subtracting(plainPlan.layout.immutablePaths)),
            "the translations' objects and the manifest")
        let summary = try await publisher.publish(plan)
        #expect(summary.pointerMoved && summary.aliases == localeAliases.count)
        let stored = try Self.files(in: folder)
        for (path, bytes) in plan.layout.files { #expect(stored[path] == bytes, "\(path)") }
        #expect(Self.text(stored["locales/de/contracts/2/screens/sign-in"]).contains("Willkommen zurück"))
        let again = CountingBucket(DirectoryBucket(path: folder.path))
        let rerun = try await Publisher(bucket: again).plan(
            screens: Self.result.screens, contract: 4, history: PublishFixture.historyHashes,
            locales: Self.result.locales)
        #expect(rerun.isUpToDate)
        #expect(try await Publisher(bucket: again).publish(rerun).uploaded == 0)
        #expect(again.written == [], "a re-run with nothing changed writes nothing")
    }

    @Test func buildWritesTheLocalesWithTheConfiguredStringCatalog() async throws {
        let folder = PublishFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let screens = folder.appendingPathComponent("Screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ExampleApp.contractFolder, to: screens.appendingPathComponent("Contract"))
        try FileManager.default.copyItem(
            at: ExampleApp.root.appendingPathComponent("Screens/Localizable.xcstrings"),
            to: screens.appendingPathComponent("Localizable.xcstrings"))
        try FileManager.default.copyItem(
            at: ExampleApp.root.appendingPathComponent("screenkit.json"),
            to: folder.appendingPathComponent("screenkit.json"))
        // The app's colours the config names.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: ExampleApp.root.appendingPathComponent("Examples/Apps"),
            to: folder.appendingPathComponent("Examples/Apps"))
        func build() async throws -> (String, [String: [UInt8]]) {
            let terminal = Terminal.capturing()
            let code = await CLI.run(["build"], catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
            #expect(code == .success, "\(terminal.standardError)")
            return (terminal.standardOutput, try Self.files(in: folder.appendingPathComponent("dist")))
        }
        let (output, files) = try await build()
        #expect(output.contains("sign-in: contract 1, 2, 3, 4 in 2 objects; localized in de, fr, pl\n"), "\(output)")
        #expect(output.contains("home: contract 1, 2, 3, 4 in 2 objects; fallbacks"))
        #expect(!output.contains("home: contract 1, 2, 3, 4 in 2 objects; fallbacks for contract 1; localized"))
        #expect(output.contains("built \(App.catalog.screens.count) screens for contract 4 in 4 locales into dist/"))
        // The image the tests build, and the contracts' JSON Schemas the CLI adds.
        for (path, bytes) in Self.layout().files where !path.hasPrefix("manifests/") && path != BucketLayout.pointer {
            #expect(files[path] == bytes, "\(path)")
        }
        #expect(files.keys.filter { $0.hasPrefix("locales/") }.count == 4 * 5 * App.catalog.screens.count)
        let again = try await build().1
        #expect(again.keys.sorted() == files.keys.sorted())
        #expect(again.allSatisfy { files[$0.key] == $0.value }, "building twice gives the same bytes")
    }

    /// Every file under `folder` but hidden ones, by relative path.
    static func files(in folder: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [] {
            var isDirectory: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue, !path.hasPrefix(".") { files[path] = [UInt8](try Data(contentsOf: url)) }
        }
        return files
    }

    /// `index` written in letters, for locale names that are valid and distinct.
    static func letters(_ index: Int) -> String {
        var index = index
        var name = ""
        repeat {
            name.append(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26))))
            index /= 26
        } while index > 0
        return name
    }
}
