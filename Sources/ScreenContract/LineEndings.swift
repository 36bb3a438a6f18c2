/// Frozen files converted to CRLF by a checkout (Git for Windows' default `core.autocrlf=true`):
/// recognised, so the gate can name the cause and the fix instead of only "edited".
enum LineEndings {
    /// The fix, for a diagnostic: keep the contract folder byte-exact on checkout.
    static let fix =
        "a checkout converted its line endings to CRLF (core.autocrlf); add `Screens/Contract/** -text` (your contract folder) to .gitattributes and check the folder out again"

    /// Whether `bytes` is `original` with every LF turned into CRLF.
    static func isCRLFCopy(_ bytes: [UInt8], of original: [UInt8]) -> Bool {
        guard bytes.count > original.count, bytes.contains(UInt8(ascii: "\r")) else { return false }
        var index = 0
        for byte in original {
            if byte == UInt8(ascii: "\n") {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\r") else { return false }
                index += 1
            }
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return index == bytes.count
    }
}
