/// `screenkit web-runtime`: the web runtime, one dependency-free ES module a web app serves beside
/// the TypeScript module `contract codegen typescript` writes.
enum WebRuntimeCommand {
    static let command = Command(
        name: "web-runtime",
        summary: "The web runtime: one ES module that renders screens in a browser.",
        help: """
            OVERVIEW: Print (or write) screenkit-web.mjs, the web runtime: one ES module
            without dependencies that fetches a screen (ScreenKit-Contract, Accept-Language,
            the unit, If-None-Match), renders the standard components to accessible DOM and
            the app's own through the renderer functions it is given (typed by the
            TypeScript module of `screenkit contract codegen typescript`), binds the
            screen's state, runs its actions and sends its analytics events and exposures to
            POST /events in batches. The same bytes for every project: the contract's types
            come from the generated module.

            USAGE: screenkit web-runtime [--out FILE]

            OPTIONS:
              --out FILE        Write it to FILE instead of printing it.
              -h, --help        Show this help.
            """,
        valueOptions: ["--out"],
        flags: [],
        usesConfig: false,
        run: { arguments, context throws(CommandError) in
            if let extra = arguments.positional.first { throw .usage("unexpected argument '\(extra)'") }
            return try ClientContractCommands.emit(
                Array(WebRuntimeSource.text.utf8), label: "the web runtime", arguments, context)
        }
    )
}
