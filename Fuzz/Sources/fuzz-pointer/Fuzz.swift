import FuzzSupport
import ScreenCompiler

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as a bucket's `pointer.json`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    // Whatever decodes names only keys: a SHA-256 and plain file names, and re-encodes to a pointer
    // that decodes to itself.
    guard let pointer = Pointer.decode(FuzzFiles.bytes(start, count)) else { return 0 }
    precondition(BucketLayout.isHash(pointer.manifest))
    precondition(pointer.edge.allSatisfy { BucketLayout.isEdgeFileName($0.key) && BucketLayout.isHash($0.value) })
    precondition(Pointer.decode(pointer.encoded()) == pointer)
    return 0
}
