import FuzzSupport
import ScreenLocalization

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// Configured locales with regions, scripts and an underscore, as a server might have them.
let negotiation = LanguageNegotiation(
    locales: ["en", "en-GB", "de", "de-AT", "fr", "pl", "pt_BR", "zh-Hant", "ar"], defaultLocale: "en")

/// libFuzzer's entry point: one input read as a request's `Accept-Language` header.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let header = String(decoding: FuzzFiles.bytes(start, count), as: UTF8.self)
    let locale = negotiation.locale(for: header)
    precondition(negotiation.locales.contains(locale), "negotiated a locale that is not configured: \(locale)")
    return 0
}
