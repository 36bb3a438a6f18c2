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

    /// A report's `bytes` where the user asked: written whole to the `--out` file `out` (then
    /// `wrote <what> to <path>` is printed), else printed, without one final newline.
    static func deliver(_ bytes: [UInt8], out: String?, what: String, _ context: CommandContext) throws(CommandError) {
        guard let out else {
            context.terminal.print(String(decoding: bytes.last == 0x0A ? bytes.dropLast() : bytes[...], as: UTF8.self))
            return
        }
        let url = context.url(out)
        do {
            try write(bytes, to: url)
        } catch {
            throw .failure("cannot write \(url.path): \(error)")
        }
        let path = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(url.path)
        context.terminal.print("wrote \(what) to \(path)")
    }
}
