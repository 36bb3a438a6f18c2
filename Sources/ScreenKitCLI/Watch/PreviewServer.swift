import Foundation
import ScreenPreview

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the watch mode serves: the preview folder, the build version the pages poll, and the
/// diagnostics of a failed build (served instead of every page until the next good build).
final class WatchState: @unchecked Sendable {
    private let lock = NSLock()
    private var storedVersion = 1
    private var storedError: String?
    let folder: URL

    init(folder: URL) { self.folder = folder }

    var version: Int { lock.withLock { storedVersion } }
    var error: String? { lock.withLock { storedError } }

    /// Records a build's outcome and moves the version on, so open pages reload.
    func finish(error: String?) {
        lock.withLock {
            storedError = error
            storedVersion += 1
        }
    }
}

/// A minimal HTTP/1.1 server on a loopback address: GET only, one bounded request per connection,
/// files of the preview folder (with the reload script added to HTML) and `/__screenkit/version`.
final class PreviewServer: @unchecked Sendable {
    static let maximumRequest = 16 * 1024
    static let reloadScript = """
        <script>(function(){var v=null;setInterval(function(){fetch('/__screenkit/version',{cache:'no-store'})\
        .then(function(r){return r.text()}).then(function(t){if(v===null){v=t}else if(t!==v){location.reload()}})\
        .catch(function(){})},500)})();</script>
        """

    let state: WatchState
    /// Told of every request but the pages' version polls, e.g. "GET /home.html 200".
    let log: @Sendable (String) -> Void
    private let socket: Int32
    /// The port it listens on (the one picked when 0 was asked for).
    let port: Int

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(host: String, port: Int, state: WatchState, log: @escaping @Sendable (String) -> Void) throws(Failure) {
        self.state = state
        self.log = log
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw Failure(description: "--host \(host) is not an IPv4 address")
        }
        #if canImport(Glibc)
            let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "cannot open a socket (errno \(errno))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "cannot listen on \(host):\(port): \(String(cString: strerror(code)))")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.socket = fd
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts connections on a thread of its own until the process ends.
    func start() {
        let thread = Thread { [self] in
            while true {
                let client = accept(socket, nil, nil)
                if client < 0 {
                    if errno == EINTR { continue }
                    return
                }
                handle(client)
                close(client)
            }
        }
        thread.start()
    }

    /// Stops accepting.
    func stop() { shutdown(socket, Int32(SHUT_RDWR)) }

    private func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[..<count]
            if request.count > Self.maximumRequest {
                send(
                    client, status: "431 Request Header Fields Too Large", type: "text/plain",
                    body: Array("too large\n".utf8))
                return
            }
        }
        let line = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            send(client, status: "400 Bad Request", type: "text/plain", body: Array("bad request\n".utf8))
            return
        }
        guard parts[0] == "GET" || parts[0] == "HEAD" else {
            send(client, status: "405 Method Not Allowed", type: "text/plain", body: Array("GET only\n".utf8))
            return
        }
        let (status, type, body) = response(for: String(parts[1]))
        if !parts[1].hasPrefix("/__screenkit/") { log("\(parts[0]) \(parts[1]) \(status.prefix(3))") }
        send(client, status: status, type: type, body: parts[0] == "HEAD" ? nil : body, length: body.count)
    }

    /// The status, content type and body for a request target.
    func response(for target: String) -> (String, String, [UInt8]) {
        let rawPath = String(target.prefix { $0 != "?" && $0 != "#" })
        if rawPath == "/__screenkit/version" {
            return ("200 OK", "text/plain; charset=utf-8", Array("\(state.version)".utf8))
        }
        guard let path = rawPath.removingPercentEncoding, path.hasPrefix("/"),
            !path.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") })
        else { return ("400 Bad Request", "text/plain", Array("bad path\n".utf8)) }
        var relative = String(path.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        let isHTML = relative.hasSuffix(".html")
        if isHTML, let error = state.error {
            return ("200 OK", "text/html; charset=utf-8", Array(Self.errorPage(error).utf8))
        }
        let file = state.folder.appendingPathComponent(relative)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return ("404 Not Found", "text/plain", Array("not found\n".utf8))
        }
        guard isHTML else { return ("200 OK", Self.contentType(relative), Array(data)) }
        return (
            "200 OK", "text/html; charset=utf-8", Array(Self.withReload(String(decoding: data, as: UTF8.self)).utf8)
        )
    }

    /// `html` with the reload script before `</body>` (at the end when there is none).
    static func withReload(_ html: String) -> String {
        guard let end = html.range(of: "</body>", options: .backwards) else { return html + reloadScript }
        return html.replacingCharacters(in: end, with: reloadScript + "</body>")
    }

    /// The page shown while the last build failed: the diagnostic lines first, then its output.
    static func errorPage(_ output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var seen: Set<String> = []
        // The compiler prints each diagnostic twice (as it goes and in the summary): once is enough.
        let diagnostics = lines.filter {
            ($0.contains(": error:") || $0.contains(": warning:")) && seen.insert($0).inserted
        }
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Build failed — ScreenKit preview</title>
            <style>body{font:14px system-ui,sans-serif;margin:2em}pre{background:#fff4f4;border:1px solid #e99;\
            padding:1em;white-space:pre-wrap}li{font-family:monospace;margin:.3em 0}</style></head>
            <body><h1>Build failed</h1><p>The preview is rebuilt when a watched file changes again.</p>

            """
        if !diagnostics.isEmpty {
            html += "<h2>Diagnostics</h2><ul class=\"diagnostics\">"
            for line in diagnostics { html += "<li>\(HTML.escape(line))</li>" }
            html += "</ul>\n"
        }
        html += "<h2>Output</h2><pre>\(HTML.escape(lines.suffix(200).joined(separator: "\n")))</pre>\n"
        return withReload(html + "</body></html>\n")
    }

    static func contentType(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    private func send(_ client: Int32, status: String, type: String, body: [UInt8]?, length: Int? = nil) {
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(length ?? body?.count ?? 0)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8) + (body ?? [])
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                    Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(client, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for index in 0...(count - 4)
        where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
            return true
        }
        return false
    }
}
