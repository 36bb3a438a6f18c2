import FuzzSupport
import ScreenLocalization

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an app's `Localizable.xcstrings`; what reads is then
/// served (each key looked up along German's and Polish's chains), the keys and localizations
/// left out as problems included.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let catalog = try? StringCatalog.decode(FuzzFiles.bytes(start, count), path: "/fuzz/Localizable.xcstrings"),
        let translations = try? Translations(tables: ["Localizable": catalog], locales: ["de-AT", "pl"])
    else { return 0 }
    for key in catalog.entries.keys.prefix(64) {
        for locale in translations.locales {
            _ = translations.lookup(key, table: "Localizable", locale: locale)
        }
    }
    for problem in catalog.problems.prefix(64) {
        _ = problem.locale.map { translations.serves(catalogLocale: $0) }
        _ = problem.description
    }
    return 0
}
