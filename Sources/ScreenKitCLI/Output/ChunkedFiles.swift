import Foundation
import ScreenAnalytics

/// Files named on the command line (`-`: standard input) read in bounded chunks, one after the
/// other, with progress: what the commands that read logs and exports share.
enum ChunkedFiles {
    /// How much of a file is read at a time.
    static let chunkBytes = 1 << 20

    /// Hands every chunk of each of `files` to `chunk` with the file's name as the user wrote it
    /// (relative to the working folder; `standard input`), then calls `end` with that name. A
    /// file that cannot be opened or read, or an error `chunk` or `end` throws (its description
    /// says where), is a failure.
    static func read(
        _ files: [String], _ context: CommandContext, chunk: (Data, String) throws -> Void,
        end: (String) throws -> Void
    ) throws(CommandError) {
        let formatter = DiagnosticFormatter(workingDirectory: context.workingDirectory)
        for file in files {
            let name = file == "-" ? "standard input" : formatter.relative(context.url(file).path)
            let handle: FileHandle
            if file == "-" {
                handle = FileHandle.standardInput
            } else {
                guard let opened = FileHandle(forReadingAtPath: context.url(file).path) else {
                    throw .failure("\(name): no such file, or it cannot be read")
                }
                handle = opened
            }
            context.terminal.progress("reading \(name)…")
            defer { context.terminal.endProgress() }
            while true {
                let data: Data?
                do {
                    data = try handle.read(upToCount: chunkBytes)
                } catch {
                    throw .failure("\(name): \(error)")
                }
                guard let data, !data.isEmpty else { break }
                do { try chunk(data, name) } catch { throw .failure(String(describing: error)) }
            }
            do { try end(name) } catch { throw .failure(String(describing: error)) }
        }
    }
}

extension ChunkedFiles {
    /// Reads the response records of `files` in chunks, handing each to `each`; warns naming the
    /// first line that is not a record, and fails when no file holds one. Returns the records read.
    static func readRecords(
        _ files: [String], _ context: CommandContext, _ each: (ResponseRecord) -> Void,
        failures: ((RenderFailureLine) -> Void)? = nil, events: ((String, String) -> Void)? = nil
    ) throws(CommandError) -> Int {
        var reader = ResponseRecordReader()
        try read(
            files, context,
            chunk: { data, name in reader.read(data, name: name, each, failures: failures, events: events) },
            end: { reader.finish($0, each, failures: failures, events: events) })
        warnSkipped(reader.skipped, first: reader.firstSkipped, context)
        guard reader.records > 0 else {
            throw .failure("no response record in \(files.count == 1 ? "the log" : "any of the \(files.count) logs")")
        }
        return reader.records
    }

    /// Warns that `count` lines were skipped as not response records, naming the first: what
    /// every command that reads records says.
    static func warnSkipped(_ count: Int, first: String?, _ context: CommandContext) {
        guard count > 0, let first else { return }
        context.terminal.printError(
            "warning: \(count) line\(count == 1 ? "" : "s") skipped (not response records); the first: \(first)")
    }
}
