import FuzzSupport
import ScreenCompiler
import ScreenEdge
import ScreenPublish

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer.
    static func main() { FuzzerMain.run() }
}

/// libFuzzer's entry point: one input read as each small file a rollout reads back from a bucket —
/// its `pointer.json`, a release history entry, an edge router's `table.json` and a page of an S3
/// listing of the release entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = FuzzFiles.bytes(start, count)
    // Whatever decodes names only keys: SHA-256s and plain file names, and re-encodes to a pointer
    // that decodes to itself.
    if let pointer = Pointer.decode(bytes) {
        check(pointer)
        precondition(Pointer.decode(pointer.encoded()) == pointer)
    }
    // An entry holds a pointer without history, a time, a move, and re-encodes to itself.
    if let entry = ReleaseEntry.decode(bytes) {
        check(entry.pointer)
        precondition(entry.pointer.history == nil && entry.previous.map(BucketLayout.isHash) != false)
        precondition(ReleaseEntry.decode(entry.encoded()) == entry)
    }
    // A table read back names a manifest and objects by SHA-256, and never a canary.
    if let table = try? EdgeTable(bytes: bytes) {
        precondition(BucketLayout.isHash(table.manifestHash) && !table.hasCanary)
    }
    // A listing page holds at most its bound of keys, each 1 to 1,024 bytes, and a token when
    // more pages follow.
    if let page = try? S3ListPage.decode(bytes) {
        precondition(page.objects.count <= S3ListPage.maximumKeys)
        precondition(page.objects.allSatisfy { !$0.key.isEmpty && $0.key.utf8.count <= 1_024 })
        precondition(page.next.map { !$0.isEmpty } != false)
    }
    return 0
}

/// Every name `pointer` holds can be a key.
func check(_ pointer: Pointer) {
    precondition(BucketLayout.isHash(pointer.manifest))
    let files = [pointer.edge, pointer.canary?.edge ?? [:], pointer.canary?.stableEdge ?? [:]]
    for named in files {
        precondition(named.allSatisfy { BucketLayout.isEdgeFileName($0.key) && BucketLayout.isHash($0.value) })
    }
    if let canary = pointer.canary {
        precondition(BucketLayout.isHash(canary.manifest) && (1...9_999).contains(canary.basisPoints))
    }
}
