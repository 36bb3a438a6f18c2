import Foundation

let usage = """
    USAGE: screenkit-bench emit [--nodes N] [--runs R] [--phase all|pipeline|emit|write|encoder] [--write-tree FILE]
           screenkit-bench publish --to s3://bucket/prefix --endpoint URL [--screens N]

    emit      Builds a deterministic catalog of N nodes (mixed components, fan-out 8, strings that
              need escaping, three contract versions) and prints, as a TSV header and row, the median
              time of: the whole pipeline (validate + variants + full envelopes), the emit step
              (resolve each DSL tree, write its full envelope), the writing alone (from resolved
              trees), and Foundation's JSONEncoder on an equivalent Codable model (with and without
              sorted keys; building the model is timed apart); bytes, MB/s, ratios and the
              process's peak memory. --phase runs one of them; --write-tree writes the emitted
              envelopes as one JSON array, for Benchmarks/orjson_emit.py.
    publish   Publishes a catalog of N screens (default 1000) three times — first, unchanged, one
              screen changed — and prints PUT counts and wall times. Credentials from
              AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY. See Benchmarks/publish.sh.

    Run from the package root, in release: swift run -c release screenkit-bench emit --nodes 100000
    """

let allArguments = Array(CommandLine.arguments.dropFirst())
guard let command = allArguments.first else {
    print(usage)
    exit(2)
}
let arguments = Array(allArguments.dropFirst())

func value(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

do {
    switch command {
    case "emit":
        var options = EmitBenchmark.Options()
        if let text = value("--nodes") { options.nodes = Int(text) ?? options.nodes }
        if let text = value("--runs") { options.runs = Int(text) ?? options.runs }
        if let text = value("--phase") { options.phase = text }
        options.writeTree = value("--write-tree")
        try EmitBenchmark.run(options)
    case "publish":
        guard let target = value("--to"), let endpoint = value("--endpoint") else {
            print(usage)
            exit(2)
        }
        try await PublishBenchmark.run(
            target: target, endpoint: endpoint, screens: Int(value("--screens") ?? "") ?? 1000,
            region: value("--region") ?? "us-east-1")
    case "-h", "--help", "help":
        print(usage)
    default:
        print(usage)
        exit(2)
    }
} catch {
    log("error: \(error)")
    exit(1)
}
