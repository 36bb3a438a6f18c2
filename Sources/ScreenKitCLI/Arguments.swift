/// A command line split into options and positional arguments, validated against what a command accepts.
struct Arguments {
    private var values: [String: String] = [:]
    /// Values from the project's config file, used when the option is not given.
    var defaults: [String: String] = [:]
    private var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positional: [String] = []

    /// Parses `arguments`: `--name value`, `--name=value` for `valueOptions`, bare `--flag` for `flags`.
    init(_ arguments: [String], valueOptions: Set<String>, flags allowedFlags: Set<String>) throws(CommandError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument == "-h" {
                flags.insert("--help")
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                if let inline {
                    values[name] = inline
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw .usage("option \(name) needs a value")
                }
            } else if allowedFlags.contains(name) || name == "--help" {
                guard inline == nil else { throw .usage("option \(name) takes no value") }
                flags.insert(name)
            } else {
                throw .usage("unknown option \(name)")
            }
        }
    }

    /// The value of an option: given on the command line, else from the config file.
    func value(_ name: String) -> String? { values[name] ?? defaults[name] }

    /// Whether an option was given on the command line (not only by the config file).
    func isGiven(_ name: String) -> Bool { values[name] != nil }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// Whether `--help` or `-h` was given.
    var wantsHelp: Bool { flags.contains("--help") }
}
