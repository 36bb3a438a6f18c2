import FuzzSupport
import ScreenDesign

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an Asset Catalog colour set's `Contents.json`; what
/// reads is then used as the design checks use it (its hex form, its contrast on white and black,
/// its difference from the brand's blue).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard
        let entry = try? AssetCatalogReader.parseColorSet(
            FuzzFiles.bytes(start, count), name: "Fuzz", file: "/fuzz/Fuzz.colorset/Contents.json")
    else { return 0 }
    let white = AppColor(red: 1, green: 1, blue: 1)
    let black = AppColor(red: 0, green: 0, blue: 0)
    let brand = AppColor(red: 10 / 255, green: 132 / 255, blue: 1)
    for color in [entry.light, entry.dark].compactMap({ $0 }) {
        _ = color.hex
        _ = Contrast.ratio(color, on: white)
        _ = Contrast.ratio(color, on: black)
        _ = ColorDifference.deltaE(color.composited(over: white), brand)
    }
    return 0
}
