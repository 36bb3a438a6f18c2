import Foundation

let usage = """
    USAGE: screenkit-bench emit [--nodes N] [--runs R] [--phase all|pipeline|emit|write|encoder|profile] [--write-tree FILE]
           screenkit-bench render [--orders N] [--requests R] [--threads T] [--write-payloads DIR] [--units U] [--experiments-only | --localized-only | --observed-only] [--flood N] [--profile-loop N [--profile-phase all|build|render|data|home|home1|respond]]
           screenkit-bench assign [--units N] [--weights 50,30,20] [--rollout P]
           screenkit-bench publish --to s3://bucket/prefix --endpoint URL [--screens N] [--region R]
           screenkit-bench catalog-read [--keys N] [--locales L] [--runs R]
           screenkit-bench allocations [--items N]

    emit      Builds a deterministic catalog of N nodes (mixed components, fan-out 8, strings that
              need escaping, three contract versions) and prints, as a TSV header and row, the median
              time of: the whole pipeline (validate + variants + full envelopes), the emit step
              (resolve each DSL tree, write its full envelope), the writing alone (from resolved
              trees), and Foundation's JSONEncoder on an equivalent Codable model (with and without
              sorted keys; building the model is timed apart); bytes, MB/s, ratios and the
              process's peak memory. --phase runs one of them; --phase profile (not in all) times
              the pipeline in the flat format against the same catalog in a wire profile (props
              under "data", no IDs), written by the plain profile writer. --write-tree writes the emitted
              envelopes as one JSON array, for Benchmarks/orjson_emit.py (with --phase all or
              emit). Defaults: --nodes 100000 --runs 5 --phase all.
    render    Request-time rendering with ScreenRenderer, for every contract version: the example
              home screen and the data-driven orders screen (N orders; 272 make about 1,000 nodes),
              per-request p50/p99 latency and allocations per render (counted when
              Benchmarks/malloc_count.c is preloaded, as Benchmarks/render.sh does), against the same
              payload from a hand-written Codable model and JSONEncoder (sorted keys); then T threads
              rendering at once. --write-payloads writes each envelope for orjson. Then, as `#`
              lines, the orders screen with one experiment (two arms, 50/50, around its last button)
              against the same screen without it, p50 of R paired renders and their ratio (target
              at most 1.1): built per request and resolved by unit, and as a catalog screen compiled at
              start-up; U units (default 1000) are taken in turn. --experiments-only runs only that
              comparison. Then the orders screen localized per request in Polish against the same
              screen with literal strings (target at most 1.2); --localized-only runs only that.
              Then respond() with the contract-health aggregator attached against no observer
              (target at most 1.05), and a flood of N (default 1,000,000) responses with random
              headers and screen IDs: resident memory and series; --observed-only runs only that.
              --profile-loop N renders only the orders screen from data N times for the current
              version (--profile-phase build: only builds it; render: only renders the built screen; data:
              only makes the strings the screen function makes from the data, a floor; home: renders
              the example's built home screen, 25 nodes, where a render's fixed costs show; home1: the
              same for contract 1, which gets the product cards' fallbacks; respond:
              the whole response to GET /screens/home as the example servers give it, String Catalogs
              and the contract-health aggregator on),
              for a profiler (perf record, valgrind --tool=callgrind), and prints its p50.
              Defaults: --orders 272 --requests 2000 --threads 2 --units 1000.
    assign    Assigns N synthetic units (default 100000) by the documented assignment function to an
              experiment weighted as --weights (default 50,30,20) and to a rollout of P % (default
              20): each arm's share, the largest deviation in percentage points, chi-square with its
              degrees of freedom against the 5 % critical value (pass/fail), assignments per second.
    publish   Publishes a catalog of N screens (default 1000) three times — first, unchanged, one
              screen changed — and prints PUT counts and wall times. Credentials from
              AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; --region defaults to us-east-1. See
              Benchmarks/publish.sh.
    catalog-read
              Generates a String Catalog (Localizable.xcstrings) as Xcode writes it, in a shipped app's
              shape — N keys (default 700) localized in the first L of en, de, fr, es, it, pt-BR, nl,
              pl, ru, uk, cs, ar, ja, ko, zh-Hans, tr, sv, da, en-GB (default all 19; one key in three
              in the first 12 only): string units with placeholders, about 1 key in 7 with plural
              variations in each locale's CLDR categories, a few with substitutions (some without
              argNum) or device variations, one in a hundred with a typo in the last locale — and
              times StringCatalog.decode on it
              (the first read, then p50/min/max of R more; default 20) against JSONSerialization parsing
              the same bytes, with the ratio and the 100 ms target. Exits 1 if the catalog does not
              decode to N keys in L locales.

    allocations
              Allocations per node by node kind (text, a text with modifiers or a token colour, a
              button, an image, a divider, a spacer, a row and a tappable card of two texts): N items
              of one kind (default 500) in a lazy list of a screen built per request, counted while
              the DSL builds it and while ScreenRenderer renders it for the newest version, less the
              same screen without items (the median of 5). Needs Benchmarks/malloc_count.c preloaded,
              as Benchmarks/render.sh does; without it, says so and prints only the header.

    Run from the package root, in release: swift run -c release screenkit-bench emit --nodes 100000
    """

let parsed: BenchArguments
do {
    parsed = try BenchArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    log("error: \(error)\n\n\(usage)")
    exit(2)
}

do {
    switch parsed {
    case .emit(let options):
        try EmitBenchmark.run(options)
    case .render(let options):
        try RenderBenchmark.run(options)
    case .assign(let options):
        AssignBenchmark.run(options)
    case .catalogRead(let options):
        try CatalogReadBenchmark.run(options)
    case .allocations(let options):
        try AllocationBenchmark.run(options)
    case .publish(let options):
        try await PublishBenchmark.run(
            target: options.target, endpoint: options.endpoint, screens: options.screens, region: options.region)
    case .help:
        print(usage)
    }
} catch {
    log("error: \(error)")
    exit(1)
}
