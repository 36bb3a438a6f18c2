import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenJSON

/// `screenkit edge`: the edge router of a build — its routing table and one JavaScript file per
/// engine — written from the build folder's manifest and objects.
enum EdgeCommand {
    static let command = Command(
        name: "edge",
        summary: "Write the edge router that answers as the renderer would.",
        help: """
            OVERVIEW: Read a build folder (its pointer, manifest and objects) and write the
            edge router that answers GET /screens/<id> from the bucket exactly as
            ScreenRenderer.respond does for a catalog screen: the version for the
            ScreenKit-Contract header (406 and 404 with the same problem documents), the
            locale for Accept-Language, the arm of each experiment for the request's unit,
            If-None-Match, and the same headers:

              screenkit-edge.mjs             fetch handler: Cloudflare Workers, Deno, Node
                                             18+
              screenkit-edge-njs.js          nginx njs module (js_content), signs a private
                                             bucket
              screenkit-edge-nginx.conf      nginx maps (http block) with which nginx
                                             answers the plainest requests itself, without
                                             JavaScript (none with --records)
              screenkit-edge-lambda.js       Lambda@Edge handlers for CloudFront: viewer
                                             request (URI rewrite to the object), viewer
                                             response (the renderer's headers in place of
                                             the object's) and, optionally, origin response
                                             (a failing bucket's 502)
              table.json                     the routing table every router holds, for nginx
                                             to preload (js_preload_object screenkit_table)

            The files are the same bytes for the same manifest and options; run it after
            every build and deploy them with the bucket (`screenkit publish --edge` uploads
            them beside the manifest, named by the pointer).

            With --records, every router also writes one response record per screen response
            (a JSON line: screen, declared and served contract, status, locale, unit, arms,
            object, fallbacks) where its platform keeps logs: nginx through a js_set
            variable for an access log, the fetch handler through a callback (console.log on
            Workers), Lambda@Edge to CloudWatch Logs. The fallbacks come from compiling the
            catalog, which must be the one the build folder was built from.

            USAGE: screenkit edge [--from DIR] [--out DIR]
                     [--unit-header NAME | --unit-cookie NAME | --unit-query NAME]
                     [--allow-overrides] [--records] [--config FILE]

            OPTIONS:
              --from DIR          The build folder (default: the config's "output", else
                                  dist).
              --out DIR           Where to write the router (default: edge); replaced as a
                                  whole.
              --unit-header NAME  The experiment unit (a user or device ID) is this request
                                  header.
              --unit-cookie NAME  … or this cookie.
              --unit-query NAME   … or this query parameter. Default: the config's "edge"
                                  ("header:X-User-ID", "cookie:uid", "query:user" or
                                  "none"). Without one, every experiment serves its control.
              --allow-overrides   Honour the ScreenKit-Arm header (QA and staging only).
              --records           Write a response record per screen response (see above).
              --config FILE       The config file (default: the nearest screenkit.json).
              --verbose           Say which config file was used.
              -h, --help          Show this help.

            Exit codes: 0 written, 1 the catalog does not compile (--records), 2 usage, 3 a
            build folder that cannot be read or was built from another catalog (run
            screenkit build).
            """,
        valueOptions: ["--from", "--out", "--unit-header", "--unit-cookie", "--unit-query"],
        flags: ["--allow-overrides", "--records"],
        run: run
    )

    /// The options for the edge router: the unit source a `--unit-…` flag names, else the config's
    /// `"edge"`, else none; overrides with `--allow-overrides`.
    static func options(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> EdgeRouter.Options {
        let sources: [EdgeRouter.UnitSource] = [
            arguments.value("--unit-header").map { .header($0) }, arguments.value("--unit-cookie").map { .cookie($0) },
            arguments.value("--unit-query").map { .query($0) },
        ].compactMap { $0 }
        guard sources.count <= 1 else {
            throw .usage("name one unit source: --unit-header, --unit-cookie or --unit-query")
        }
        if let source = sources.first, !EdgeRouter.UnitSource.isName(source.name) {
            throw .usage("the unit source \"\(source.name.prefix(40))\" is not a header, cookie or parameter name")
        }
        return EdgeRouter.Options(
            unit: sources.first ?? context.config?.edge?.unit, allowsOverrides: arguments.flag("--allow-overrides"),
            records: arguments.flag("--records") || context.config?.edge?.records == true)
    }

    /// What the router was written with and where each setting came from, for `--verbose`:
    /// `router: unit cookie:uid (config), records on (config), overrides off`.
    static func summary(_ options: EdgeRouter.Options, _ arguments: Arguments, _ context: CommandContext) -> String {
        let unitFlag = ["--unit-header", "--unit-cookie", "--unit-query"].contains { arguments.value($0) != nil }
        let unit =
            options.unit.map { "unit \($0.kind):\($0.name) (\(unitFlag ? "flag" : "config \"edge\""))" }
            ?? "no unit (every experiment serves its control)"
        let records =
            options.records
            ? "records on (\(arguments.flag("--records") ? "--records" : "config \"records\""))" : "records off"
        return "router: \(unit), \(records), overrides \(options.allowsOverrides ? "on" : "off")"
    }

    /// Whether `arguments` ask for an edge router (`--edge`, a unit source, `--allow-overrides` or `--records`).
    static func isRequested(_ arguments: Arguments) -> Bool {
        arguments.flag("--edge") || arguments.flag("--allow-overrides") || arguments.flag("--records")
            || ["--unit-header", "--unit-cookie", "--unit-query"].contains { arguments.value($0) != nil }
    }

    /// The largest object read back from the build folder.
    static let maximumObjectBytes = 64 << 20

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        if let first = arguments.positional.first { throw .usage("unexpected argument '\(first)'") }
        let from = context.url(arguments.value("--from") ?? context.config?.output ?? "dist")
        let outPath = arguments.value("--out") ?? "edge"
        guard !outPath.isEmpty else { throw .usage("--out needs a folder") }
        let options = try options(arguments, context)
        if arguments.flag("--verbose") {
            context.terminal.printError("screenkit edge: \(summary(options, arguments, context))")
        }
        guard let (hash, manifest) = BuildCommand.builtManifest(in: from) else {
            throw .failure(
                "\(from.path): no build here (pointer.json and the manifest it names); run `screenkit build` first")
        }
        var objects: [String: [UInt8]] = [:]
        for object in BucketLayout.objects(of: manifest) {
            let path = from.appendingPathComponent(BucketLayout.object(object)).path
            guard case .bytes(let bytes) = JSONFile.read(atPath: path, maximumBytes: maximumObjectBytes) else {
                throw .failure("\(path): the object the manifest names cannot be read; run `screenkit build` again")
            }
            objects[object] = bytes
        }
        var fallbacks: EdgeFallbacks?
        if options.records {
            let compilation = try ContractLocation(arguments, context).compile(context.catalog, style: .compact)
            context.report(compilation.diagnostics)
            if compilation.hasErrors {
                context.terminal.printError("the catalog does not compile; no router was written")
                return .violations
            }
            let found = EdgeFallbacks(manifest: manifest, screens: compilation.result.screens)
            if let object = found.unmatched.first {
                throw .failure(
                    "\(from.path): built from another catalog (this one has no variant for "
                        + "\(BucketLayout.object(object))); run `screenkit build` again")
            }
            fallbacks = found
        }
        let router: EdgeRouter
        do {
            router = try EdgeRouter(
                manifest: manifest, manifestHash: hash, objects: objects,
                options: options, fallbacks: fallbacks)
        } catch {
            throw .failure(error.description)
        }
        do {
            try OutputDirectory.replace(
                context.url(outPath), with: router.files.map { OutputDirectory.File(path: $0.name, bytes: $0.bytes) })
        } catch {
            throw .failure(error.description)
        }
        let screens = manifest.screens.count
        context.terminal.print(
            "wrote the edge router of manifest \(hash.prefix(12)) (\(screens) screen\(screens == 1 ? "" : "s")) into \(outPath)/: "
                + router.files.map { "\($0.name) (\($0.bytes.count) bytes)" }.joined(separator: ", "))
        return .success
    }
}
