import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `screenkit preview --watch`: serves the preview folder on a loopback port, rebuilds when a file
/// under the screens folder or the contract changes, and has the open pages reload.
enum PreviewWatch {
    /// How often the watched files' modification times are read.
    static let pollInterval = Duration.milliseconds(300)

    /// The rebuild, run by `/bin/sh` in the package root with `SCREENKIT_PREVIEW_OUT` and
    /// `SCREENKIT_PREVIEW_CONTRACT` set: the package's own build (the screens are Swift compiled
    /// into `screenkit`), then the freshly built binary's preview.
    static let defaultRebuild = """
        swift build --product screenkit && "$(swift build --show-bin-path)/screenkit" preview \
        --out "$SCREENKIT_PREVIEW_OUT" --contract "$SCREENKIT_PREVIEW_CONTRACT"
        """

    /// Set by SIGINT or SIGTERM.
    final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isSet: Bool { lock.withLock { stopped } }
        func set() { lock.withLock { stopped = true } }
    }

    static func run(
        _ arguments: Arguments, _ context: CommandContext, out: URL, contract: URL,
        initialBuild: () async throws(CommandError) -> String?
    ) async throws(CommandError) -> ExitCode {
        let host = arguments.value("--host") ?? "127.0.0.1"
        guard let port = Int(arguments.value("--port") ?? "8420"), (0...65535).contains(port) else {
            throw .usage("--port needs a number from 0 to 65535")
        }
        let root =
            context.config.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: context.workingDirectory)
        let watched = [contract.deletingLastPathComponent().standardizedFileURL]
        let state = WatchState(folder: out)
        let server: PreviewServer
        do {
            let terminal = context.terminal
            server = try PreviewServer(host: host, port: port, state: state) { terminal.print($0) }
        } catch {
            throw .failure(error.description)
        }
        let stop = StopFlag()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.set() }
            source.resume()
            sources.append(source)
        }
        defer { for source in sources { source.cancel() } }

        // Taken before the first build and before "listening on" is printed: an edit made from
        // then on, even while the first build runs, is seen by the first poll.
        var snapshot = Self.snapshot(watched, skipping: [out, root.appendingPathComponent(".build")])
        if let error = try await initialBuild() { state.finish(error: error) }
        server.start()
        context.terminal.print("listening on http://\(host):\(server.port)")
        context.terminal.print(
            "watching \(watched.map(\.path).joined(separator: ", ")); rebuilding with the package's build on a change; ^C stops"
        )
        let command = arguments.value("--rebuild-command") ?? defaultRebuild
        while !stop.isSet {
            try? await Task.sleep(for: pollInterval)
            let now = Self.snapshot(watched, skipping: [out, root.appendingPathComponent(".build")])
            guard now != snapshot else { continue }
            snapshot = now
            let started = Date()
            context.terminal.print("change seen; rebuilding…")
            let (status, output) = await rebuild(command, root: root, out: out, contract: contract, stop: stop)
            if stop.isSet { break }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            if status == 0 {
                state.finish(error: nil)
                context.terminal.print("rebuilt in \(seconds) s; pages reload (version \(state.version))")
            } else {
                state.finish(error: output)
                context.terminal.printError(output)
                context.terminal.printError(
                    "rebuild failed (exit \(status)) after \(seconds) s; the page shows its diagnostics")
            }
            // Edits made during the build are picked up by the next poll.
        }
        server.stop()
        context.terminal.print("stopped")
        return .success
    }

    /// Every regular, non-hidden file under `folders` with its modification time and size.
    static func snapshot(_ folders: [URL], skipping: [URL]) -> [String: String] {
        let skipped = Set(skipping.map { $0.standardizedFileURL.path })
        var files: [String: String] = [:]
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        for folder in folders {
            guard
                let enumerator = FileManager.default.enumerator(
                    at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in enumerator {
                if skipped.contains(url.standardizedFileURL.path) {
                    enumerator.skipDescendants()
                    continue
                }
                guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
                else { continue }
                let time = values.contentModificationDate?.timeIntervalSince1970 ?? 0
                files[url.path] = "\(time) \(values.fileSize ?? 0)"
            }
        }
        return files
    }

    /// Runs the rebuild command; its exit status and its output and errors together.
    static func rebuild(_ command: String, root: URL, out: URL, contract: URL, stop: StopFlag) async -> (
        Int32, String
    ) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-watch-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["SCREENKIT_PREVIEW_OUT"] = out.path
        environment["SCREENKIT_PREVIEW_CONTRACT"] = contract.path
        process.environment = environment
        do {
            guard FileManager.default.createFile(atPath: log.path, contents: nil) else { return (-1, "cannot log") }
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            process.standardInput = FileHandle.nullDevice
            try process.run()
            try handle.close()
        } catch {
            return (-1, "cannot run /bin/sh -c \(command): \(error)")
        }
        while process.isRunning {
            if stop.isSet { process.terminate() }
            try? await Task.sleep(for: .milliseconds(50))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return (process.terminationStatus, output)
    }
}
