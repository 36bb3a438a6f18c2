import FuzzSupport
import ScreenDesign

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as an Android `res` folder's values files — the pieces
/// (cut at `\n#\n`) alternate between `values/` and `values-night/` — then each colour used as the
/// design checks use it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let pieces = FuzzFiles.split(FuzzFiles.bytes(start, count))
    var values: [(file: String, bytes: [UInt8])] = []
    var night: [(file: String, bytes: [UInt8])] = []
    for (index, piece) in pieces.enumerated() {
        if index % 2 == 0 {
            values.append(("/fuzz/res/values/\(index).xml", piece))
        } else {
            night.append(("/fuzz/res/values-night/\(index).xml", piece))
        }
    }
    guard let palette = try? AndroidColorsReader.palette(values: values, night: night) else { return 0 }
    let white = AppColor(red: 1, green: 1, blue: 1)
    for entry in palette.colors.values.prefix(256) {
        for color in [entry.light, entry.dark].compactMap({ $0 }) {
            _ = color.hex
            _ = Contrast.ratio(color, on: white)
        }
        _ = entry.location
    }
    return 0
}
