import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Temporary folders that outlive one test (shared build outputs), removed when the test process
/// exits.
public enum TemporaryFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [URL] = []
    nonisolated(unsafe) private static var registered = false

    /// Removes `folder` when the process exits.
    public static func removeAtExit(_ folder: URL) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(folder)
        if !registered {
            registered = true
            atexit { TemporaryFolders.removeAll() }
        }
    }

    private static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        folders = []
    }
}
