import Foundation
import Testing

/// Headless Chromium (``ExternalTool/chromium``): tests that need it declare `.needs(.chromium)`
/// and take its path from ``Browser/chromium()``.
public enum Browser {
    /// The browser's path, provisioned if need be; throws what is missing.
    public static func chromium() throws -> String { try ExternalTool.chromium.require()[0] }

    /// Loads `page` headless, takes a screenshot, and returns the browser's log.
    public static func load(_ page: URL, screenshot: URL, chromium: String) throws -> (status: Int32, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--window-size=1300,900", "--enable-logging=stderr", "--v=0", "--screenshot=\(screenshot.path)",
            page.absoluteString,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { process.terminate() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, log)
    }

    /// Starts loading `page` headless; its standard output is the DOM once `virtualTime`
    /// milliseconds of page time (timers) have passed, written to `dom`, its log to `log`.
    public static func startDumpingDOM(
        _ page: URL, virtualTime: Int, chromium: String, dom: URL, log: URL
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr", "--v=0",
            "--dump-dom", "--virtual-time-budget=\(virtualTime)", page.absoluteString,
        ]
        for file in [dom, log] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardOutput = try FileHandle(forWritingTo: dom)
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        return process
    }

    /// The lines of a browser log that report a page problem: console errors, uncaught
    /// exceptions, failed or attempted network loads.
    public static func problems(in log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { line in
            line.contains("CONSOLE") || line.contains("Uncaught") || line.contains("net::ERR")
                || line.contains("Page load failed")
        }
    }
}
