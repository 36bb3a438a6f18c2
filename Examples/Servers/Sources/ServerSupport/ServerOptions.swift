import Foundation

/// The example servers' command line: `--host ADDRESS` (default 127.0.0.1, loopback),
/// `--port N` (default 8080; 0 picks a free port, printed on start), `--allow-overrides`
/// (honour the `ScreenKit-Arm` header, for QA; off by default) and `--events PATH` (where
/// `POST /events` appends accepted events as JSON Lines; default `-`, standard output, beside the
/// server's own lines) and `--records PATH` (where every screen response's record is appended, the
/// line the edge routers log; default none).
public struct ServerOptions: Sendable, Equatable {
    /// The address to bind.
    public var host = "127.0.0.1"
    /// The port to bind.
    public var port = 8080
    /// Whether requests may force experiment arms with the `ScreenKit-Arm` header (QA only).
    public var allowsOverrides = false
    /// Where accepted analytics events are appended, or `-` for standard output.
    public var events = "-"
    /// Where response records are appended (`-`: standard output), or nil for none.
    public var records: String?

    /// The usage line.
    public static let usage =
        "USAGE: [--host ADDRESS] [--port N] [--allow-overrides] [--events PATH] [--records PATH]   (defaults: 127.0.0.1, 8080, overrides off, events to standard output, no records)"

    /// Why the command line was refused.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Reads the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(Invalid) -> ServerOptions {
        var options = ServerOptions()
        var rest = arguments[...]
        while let name = rest.popFirst() {
            if name == "--allow-overrides" {
                options.allowsOverrides = true
                continue
            }
            guard let value = rest.popFirst() else { throw Invalid(description: "\(name) needs a value\n\(usage)") }
            switch name {
            case "--host": options.host = value
            case "--events": options.events = value
            case "--records": options.records = value
            case "--port":
                guard let port = Int(value), (0...65535).contains(port) else {
                    throw Invalid(description: "--port needs a number from 0 to 65535, got '\(value)'\n\(usage)")
                }
                options.port = port
            default: throw Invalid(description: "unknown option \(name)\n\(usage)")
            }
        }
        return options
    }
}

/// What an example server starts with: its options and its routes.
public enum ServerStartup {
    /// The command line's options and the routes (the renderer created once), or the process exits:
    /// 2 for a bad command line, 1 when the renderer refuses to start; the reason goes to stderr.
    /// `--help` prints the usage and exits 0.
    public static func fromCommandLine() -> (ServerOptions, ScreenRoutes, EventRoute) {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            print(ServerOptions.usage)
            exit(0)
        }
        let options: ServerOptions
        do {
            options = try ServerOptions.parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(2)
        }
        do {
            // Contract health: swift-metrics with a Prometheus backend, fed by the renderer.
            ServerMetrics.bootstrap()
            let routes = try ScreenRoutes(
                allowsOverrides: options.allowsOverrides, observesHealth: true,
                records: try options.records.map { try EventLog(path: $0) })
            let events = EventRoute(renderer: routes.renderer, log: try EventLog(path: options.events))
            return (options, routes, events)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(1)
        }
    }
}
