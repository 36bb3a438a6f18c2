import Foundation

/// Writes one file whole or not at all: a temporary sibling, then a rename over the old file.
enum OutputFile {
    static func write(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let staging = folder.appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try Data(bytes).write(to: staging, options: .atomic)
            guard rename(staging.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }
}
