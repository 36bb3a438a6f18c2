import ScreenContract
import ScreenCrypto

/// Contracts frozen as `contract freeze` writes them: each file's bytes, chained to the previous
/// file's hash, version 1 first.
public enum FrozenFiles {
    /// The files of `history`, version 1 first.
    public static func chain(_ history: [Contract]) -> [[UInt8]] {
        var files: [[UInt8]] = []
        for (index, contract) in history.enumerated() {
            files.append(
                ContractFile.encode(contract, version: index + 1, previous: files.last.map { SHA256.hexDigest($0) }))
        }
        return files
    }
}
