import Foundation

/// Reads the bytes of a JSON file that someone else wrote (a frozen contract file, a config, a
/// directory bucket's object) with a size limit checked before anything is read.
public enum JSONFile {
    /// What reading a file came to.
    public enum Contents: Sendable, Equatable {
        /// There is no file at the path.
        case missing
        /// It exists but cannot be read (a folder, no permission).
        case unreadable
        /// It is larger than the limit, and was not read.
        case tooLarge(size: Int)
        /// Its bytes.
        case bytes([UInt8])
    }

    /// The file at `path` (symbolic links followed), read only when it is at most `maximumBytes`.
    public static func read(atPath path: String, maximumBytes: Int) -> Contents {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? .missing : .unreadable }
        let size = Int(info.st_size)
        guard size <= maximumBytes else { return .tooLarge(size: size) }
        // An empty file is no bytes and is not read: Foundation's read of a zero-length file on
        // Linux leaks its 4 KiB buffer on every call (found by Fuzz/fuzz-history-folder).
        if size == 0, info.st_mode & S_IFMT == S_IFREG, FileManager.default.isReadableFile(atPath: path) {
            return .bytes([])
        }
        guard let data = FileManager.default.contents(atPath: path) else { return .unreadable }
        return .bytes([UInt8](data))
    }
}
