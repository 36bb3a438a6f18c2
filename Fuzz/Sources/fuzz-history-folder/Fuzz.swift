import Foundation
import FuzzSupport
import ScreenContract

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// The folder each input is written into and read back from, removed after each input: one per
/// process, in `TMPDIR` (run.sh sets it to a folder of its own, removed at the end).
let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("screenkit-fuzz-history-\(getpid())", isDirectory: true)

/// libFuzzer's entry point: one input written as a history folder and read with
/// `ContractHistory.load(from:)`. The input holds up to eight entries separated by a `#` line
/// (see `FuzzFiles`); each entry's first line is its name (`1.json`, …; a name ending in `/`
/// makes a folder) and the rest its content.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let files = FileManager.default
    try? files.removeItem(at: folder)
    do {
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        fatalError("cannot create \(folder.path): \(error)")
    }
    defer { try? files.removeItem(at: folder) }
    for (index, piece) in FuzzFiles.split(FuzzFiles.bytes(start, count)).enumerated() {
        let entry = FuzzFiles.entry(piece, index: index)
        let url = folder.appendingPathComponent(entry.name)
        if entry.isFolder {
            try? files.createDirectory(at: url, withIntermediateDirectories: false)
        } else {
            store(entry.bytes, at: url.path)
        }
    }
    _ = ContractHistory.load(from: folder)
    return 0
}

/// Writes a file with plain system calls: `FileManager` writes atomically and syncs to disk, which
/// would make the disk, not the reader, the bottleneck.
func store(_ bytes: [UInt8], at path: String) {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return }
    defer { close(file) }
    var written = 0
    while written < bytes.count {
        let result = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, bytes.count - written) }
        guard result > 0 else { return }
        written += result
    }
}
