import Foundation

/// Writes a set of files as one directory that replaces `destination` whole, or not at all.
///
/// Files go to a temporary sibling folder first; only when every file is written and synced is
/// the old folder moved aside and the new one renamed into place. A failure leaves the previous
/// output untouched and removes the temporary folder.
public enum OutputDirectory {
    /// A file to write: a path relative to the output folder and its bytes.
    public struct File: Sendable, Hashable {
        /// The relative path, with `/` separators.
        public let path: String
        /// The exact bytes.
        public let bytes: [UInt8]

        /// Creates a file.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// Why writing the output failed.
    public struct WriteError: Error, CustomStringConvertible {
        /// What went wrong, naming the path.
        public let description: String
    }

    /// Replaces `destination` with a folder holding exactly `files`.
    public static func replace(_ destination: URL, with files: [File]) throws(WriteError) {
        let fileManager = FileManager.default
        let parent = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(name).tmp-\(token)")
        let retired = parent.appendingPathComponent(".\(name).old-\(token)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw WriteError(description: "cannot create \(staging.path): \(error.localizedDescription)")
        }
        do {
            for file in files {
                try write(file, under: staging)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw error
        }
        let hadPrevious = fileManager.fileExists(atPath: destination.path)
        if hadPrevious {
            guard rename(destination.path, retired.path) == 0 else {
                try? fileManager.removeItem(at: staging)
                throw WriteError(description: "cannot move the previous \(destination.path) aside: \(errnoText())")
            }
        }
        guard rename(staging.path, destination.path) == 0 else {
            let reason = errnoText()
            if hadPrevious { _ = rename(retired.path, destination.path) }
            try? fileManager.removeItem(at: staging)
            throw WriteError(description: "cannot move the new output into \(destination.path): \(reason)")
        }
        if hadPrevious { try? fileManager.removeItem(at: retired) }
    }

    private static func write(_ file: File, under root: URL) throws(WriteError) {
        let url = root.appendingPathComponent(file.path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create the folder for \(url.path): \(error.localizedDescription)")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(url.path): \(errnoText())") }
        defer { close(descriptor) }
        var offset = 0
        while offset < file.bytes.count {
            let written = file.bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            guard written > 0 else { throw WriteError(description: "cannot write \(url.path): \(errnoText())") }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw WriteError(description: "cannot sync \(url.path): \(errnoText())") }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
