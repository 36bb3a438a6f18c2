import Foundation
import ScreenCrypto
import ScreenJSON

/// A bucket in a local folder, with the same guarantees as the S3 protocol.
///
/// Every write goes to a temporary file that is synced, then linked (create-only) or renamed
/// (overwrite) into place, so a reader never sees a partial file. The pointer swap holds an
/// exclusive `flock` on the bucket folder itself (no lock file in the bucket) while it compares the
/// current pointer's hash with the expected one.
public struct DirectoryBucket: Bucket {
    /// The folder.
    public let root: URL

    /// A bucket rooted at `path`; the folder is created when first written.
    public init(path: String) {
        root = URL(fileURLWithPath: path)
    }

    /// `file://` and the folder.
    public var description: String { "file://\(root.path)" }

    /// The entity tag of a directory object: the SHA-256 of its bytes.
    static func etag(_ bytes: [UInt8]) -> String { SHA256.hexDigest(bytes) }

    public func read(_ key: String, maximumBytes: Int) async throws(BucketError) -> StoredObject? {
        let url = root.appendingPathComponent(key)
        switch JSONFile.read(atPath: url.path, maximumBytes: maximumBytes) {
        case .missing: return nil
        case .unreadable: throw BucketError(.io, "cannot read \(url.path)")
        case .bytes(let bytes): return StoredObject(bytes: bytes, etag: Self.etag(bytes))
        case .tooLarge:
            // Only up to one byte past the limit, so the caller can tell it is larger.
            guard let handle = FileHandle(forReadingAtPath: url.path),
                let data = try? handle.read(upToCount: maximumBytes + 1)
            else { throw BucketError(.io, "cannot read \(url.path)") }
            try? handle.close()
            return StoredObject(bytes: [UInt8](data), etag: "")
        }
    }

    public func create(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError)
        -> CreateOutcome
    {
        let url = root.appendingPathComponent(key)
        let staging = try stage(bytes, for: url)
        defer { unlink(staging) }
        if link(staging, url.path) != 0 {
            if errno == EEXIST { return .exists }
            throw BucketError(.io, "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        syncDirectory(url.deletingLastPathComponent())
        return .created
    }

    public func write(_ key: String, bytes: [UInt8], metadata: ObjectMetadata) async throws(BucketError) {
        let url = root.appendingPathComponent(key)
        let staging = try stage(bytes, for: url)
        guard rename(staging, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staging)
            throw BucketError(.io, "cannot write \(url.path): \(reason)")
        }
        syncDirectory(url.deletingLastPathComponent())
    }

    public func swap(_ key: String, bytes: [UInt8], metadata: ObjectMetadata, expecting expected: String?)
        async throws(BucketError) -> SwapOutcome
    {
        try makeFolder(root)
        // The lock is taken on the bucket folder itself, so no lock file is left in the bucket for a
        // web server to serve. `flock` locks belong to the open file description: every swap opens
        // the folder anew, so swaps exclude each other within one process as across processes.
        let lock = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else {
            throw BucketError(.io, "cannot open \(root.path) to lock it: \(String(cString: strerror(errno)))")
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw BucketError(.io, "cannot lock \(root.path): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(lock, LOCK_UN) }
        let current = try await read(key)
        guard current?.etag == expected else { return .conflict }
        try await write(key, bytes: bytes, metadata: metadata)
        return .swapped
    }

    public func list(_ prefix: String, maximumKeys: Int) async throws(BucketError) -> [ListedObject] {
        // The folder the prefix's keys live in, walked; a key's name is its path below the root.
        // Hidden files (a write's staging files) are never keys.
        let folder = prefix.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let start = folder.isEmpty ? root : root.appendingPathComponent(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: start.path, isDirectory: &isFolder), isFolder.boolValue else {
            return []
        }
        guard
            let walk = FileManager.default.enumerator(
                at: start, includingPropertiesForKeys: [.isRegularFileKey, .contentModificationDateKey],
                options: [.skipsHiddenFiles])
        else { throw BucketError(.io, "cannot list \(start.path)") }
        var listed: [ListedObject] = []
        let base = root.standardizedFileURL.path
        while let url = walk.nextObject() as? URL {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .contentModificationDateKey])
            guard values?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base + "/") else { continue }
            let key = String(path.dropFirst(base.count + 1))
            guard key.hasPrefix(prefix) else { continue }
            guard listed.count < maximumKeys else {
                throw BucketError(.protocolError, "\(description)/\(prefix)…: more than \(maximumKeys) keys")
            }
            listed.append(
                ListedObject(key: key, modified: values?.contentModificationDate ?? Date(timeIntervalSince1970: 0)))
        }
        return listed
    }

    /// Writes `bytes` to a synced temporary file next to `url`; returns its path.
    private func stage(_ bytes: [UInt8], for url: URL) throws(BucketError) -> String {
        let folder = url.deletingLastPathComponent()
        try makeFolder(folder)
        let path = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString)").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw BucketError(.io, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            guard written > 0 else {
                unlink(path)
                throw BucketError(.io, "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else {
            unlink(path)
            throw BucketError(.io, "cannot sync \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }

    private func makeFolder(_ folder: URL) throws(BucketError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw BucketError(.io, "cannot create \(folder.path): \(error.localizedDescription)")
        }
    }

    private func syncDirectory(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
