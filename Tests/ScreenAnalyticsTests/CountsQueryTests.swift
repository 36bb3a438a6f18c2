import ExampleScreens
import Foundation
import ScreenAnalytics
import ScreenKit
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// The SQL `experiment report --sql` and `health --sql` print (reviewed goldens per dialect), the
/// counts files `--counts` reads (as each engine writes CSV, and every bad one a clear error), and
/// DuckDB over the same logs: its counts equal the JSON Lines readers', and the reports are identical.
@Suite struct CountsQueryTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-counts-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    static let experiment = ["--experiment", "promo-order", "--goal", "add_to_cart_tapped"]

    /// Response records of the edge beside the apps' events: units exposed by the edge (some with a
    /// forced arm, some revalidating, some crossing arms), 404s and 406s, fallbacks per version.
    static func edgeLog(seed: UInt64, units: Int) -> String {
        var random = SplitMix64(seed: seed)
        let arms = ["control", "shipping-first"]
        var lines: [String] = []
        for index in 0..<units {
            let arm = arms[Int(random.next() % 2)]
            let client = ["1", "2", "3", "none"][Int(random.next() % 4)]
            let second = 10 + index % 50
            let time = "2026-11-28T08:\(10 + index % 40):\(second).\(100 + index % 900)Z"
            let status = random.next() % 5 == 0 ? 304 : 200
            let fallbacks = client == "1" ? #","fallbacks":[{"element":"component:productCard","count":3}]"# : ""
            let forced = index % 13 == 0 ? #","forced":{"promo-order":"shipping-first"}"# : ""
            let experiments = index % 13 == 0 ? "" : #","experiments":{"promo-order":"\#(arm)"}"#
            lines.append(
                #"{"format":1,"event":"response","time":"\#(time)","source":"nginx","screen":"home","client":"\#(client)","served":\#(client == "none" ? 1 : Int(client)!),"status":\#(status),"unit":"e-\#(index)"\#(experiments)\#(forced),"object":"ab12"\#(fallbacks)}"#
            )
            if index % 17 == 0 {
                let other = arm == "control" ? "shipping-first" : "control"
                lines.append(
                    #"{"format":1,"event":"response","time":"2026-11-28T09:00:00Z","source":"fetch","screen":"home","client":"2","served":2,"status":200,"unit":"e-\#(index)","experiments":{"promo-order":"\#(other)"}}"#
                )
            }
            if random.next() % 4 == 0 {
                lines.append(#"{"unit":"e-\#(index)","event":"add_to_cart_tapped","time":"2026-11-28T09:30:00+01:00"}"#)
            }
            if index % 23 == 0 {
                // Without a unit: another screen's response exposes nobody (not a line left out);
                // home's serves the control to no unit (a line left out).
                lines.append(
                    #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"fetch","screen":"settings","client":"2","served":2,"status":200,"object":"cd34"}"#
                )
                lines.append(
                    #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"fetch","screen":"home","client":"2","served":2,"status":200,"experiments":{"promo-order":"control"},"object":"ab12"}"#
                )
            }
            if index % 50 == 0 {
                lines.append(
                    #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"lambda-edge","screen":"whats-new","client":"1","served":0,"status":406}"#
                )
                lines.append(
                    #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"nginx","screen":null,"client":"malformed","served":0,"status":404,"unit":"e-\#(index)"}"#
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theQueriesOfEachDialectMatchTheirGoldens() async throws {
        for dialect in ["duckdb", "athena", "bigquery"] {
            let (code, out, errors) = await run(["experiment", "report", "--sql", dialect] + Self.experiment)
            #expect(code == .success, "\(errors)")
            Golden.expect(Array(out.utf8), matches: "sql/experiment-\(dialect).sql")
            let (healthCode, health, healthErrors) = await run(["health", "--sql", dialect])
            #expect(healthCode == .success, "\(healthErrors)")
            Golden.expect(Array(health.utf8), matches: "sql/health-\(dialect).sql")
        }
        let (code, out, _) = await run([
            "health", "--sql", "athena", "--from", "logs.screenkit_records", "--out", "h.sql",
        ])
        #expect(code == .success && out == "wrote the query to h.sql\n", "\(out)")
        let query = try String(contentsOf: folder.appendingPathComponent("h.sql"), encoding: .utf8)
        #expect(query.contains("FROM logs.screenkit_records"))
        let (_, duck, _) = await run(["health", "--sql", "duckdb", "--from", "/var/log/nginx/records-*.jsonl"])
        #expect(duck.contains("read_json_objects('/var/log/nginx/records-*.jsonl'"))
    }

    @Test func badQueryOptionsAreUsageErrors() async throws {
        for (arguments, message) in [
            (["health", "--sql", "mysql"], "unknown --sql dialect 'mysql'; use duckdb, athena or bigquery"),
            (["health", "--sql", "duckdb", "edge.log"], "--sql prints a query and reads no log; leave out edge.log"),
            (["health", "--sql", "duckdb", "--counts", "c.csv"], "give --sql or --counts, not both"),
            (["health", "--from", "t"], "--from names what --sql's query reads: give --sql too"),
            (["health", "--sql", "duckdb", "--from", "x'; DROP"], "the files to read cannot hold a quote (')"),
            (["health", "--sql", "athena", "--from", "t; DROP"], "the table must be a name"),
            (["health", "--counts", "c.csv", "edge.log"], "--counts reads the query's counts instead of logs"),
            (
                ["experiment", "report", "--sql", "duckdb", "--experiment", "promo'order", "--goal", "g"],
                "experiment \"promo'order\" holds a quote, a backslash or a control character"
            ),
            (
                ["experiment", "report", "--sql", "bigquery", "--experiment", "e", "--goal", "a\\b"],
                "goal event \"a\\b\" holds a quote"
            ),
        ] {
            let (code, out, errors) = await run(arguments)
            #expect(code == .usage && errors.contains(message), "\(arguments): \(errors)")
            #expect(out.isEmpty)
        }
    }

    @Test func countsFilesAsEachEngineWritesThem() throws {
        // DuckDB's -csv: bare fields, an empty arm for the totals row.
        let duck = """
            arm,units,converted,lines,lines_without_unit,exposure_lines,goal_lines,crossed_units
            control,120,12,900,3,400,80,2
            shipping-first,118,20,900,3,400,80,2
            ,0,0,900,3,400,80,2

            """
        // Athena's result file: every field quoted, NULL an empty unquoted field, columns in another order.
        let athena = """
            "units","arm","converted","lines","lines_without_unit","exposure_lines","goal_lines","crossed_units"\r
            "120","control","12","900","3","400","80","2"\r
            "118","shipping-first","20","900","3","400","80","2"\r
            "0",,"0","900","3","400","80","2"\r

            """
        let expected = ExperimentObservations(
            arms: [("control", 120, 12), ("shipping-first", 118, 20)], crossedUnits: 2, lines: 900,
            linesWithoutUnit: 3, exposureLines: 400, goalLines: 80)
        #expect(try CountsFile.experiment(Array(duck.utf8)) == expected)
        #expect(try CountsFile.experiment(Array(("\u{FEFF}" + athena).utf8)) == expected)
        // BigQuery's CSV quotes only what needs it; the fallbacks column is JSON text.
        let bigquery = """
            screen,client,served,status,fallbacks,responses
            home,1,1,200,"[{""element"":""component:productCard"",""count"":3}]",40
            home,2,2,304,,7
            ,malformed,0,404,,2

            """
        let rows = try CountsFile.health(Array(bigquery.utf8))
        #expect(rows.count == 3)
        #expect(rows[0].fallbacks == [.init(element: "component:productCard", count: 3)] && rows[0].responses == 40)
        #expect(rows[2].screen == nil && rows[2].client == "malformed" && rows[2].status == 404)
    }

    @Test func badCountsFilesGetClearErrors() throws {
        let header = "arm,units,converted,lines,lines_without_unit,exposure_lines,goal_lines,crossed_units\n"
        for (text, message) in [
            ("", "empty; expected the query's CSV result with its header row"),
            ("arm,units\n", "line 1: the header has no column \"converted\"; the query's result has arm,units,"),
            (header, "no rows: the query's result has at least its totals row"),
            (header + "a,1,0,9,0,1,0,0\n,0,0,8,0,1,0,0\n", "line 3: its totals differ from the rows above"),
            (header + "a,1,2,9,0,1,0,0\n", "line 2: 2 converted of 1 units"),
            (header + "a,1,0,9,0,1,0,0\na,1,0,9,0,1,0,0\n", "line 3: arm \"a\" twice"),
            (header + "a,-1,0,9,0,1,0,0\n", "line 2: units \"-1\" is not a whole number from 0"),
            (header + "a,1,0,9,0,1\n", "line 2: 6 fields, the header has 8"),
            (header + "\"a,1,0,9,0,1,0,0\n", "line 2: a quoted field is not closed"),
        ] {
            let error = #expect(throws: CountsFile.Invalid.self) { try CountsFile.experiment(Array(text.utf8)) }
            #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error")")
        }
        let header2 = "screen,client,served,status,fallbacks,responses\n"
        for (text, message) in [
            (header2 + "home,x,1,200,,1\n", "line 2: client \"x\" is not none, malformed or a version"),
            (header2 + "home,1,1,999,,1\n", "line 2: served 1 or status 999 is out of range"),
            (header2 + "home,1,1,200,[{\"count\":1}],1\n", "line 2: fallbacks: "),
            (header2 + "home,1,1,200,,999999999999999999\nhome,2,2,200,,2\n", "line 3: the counts sum past"),
            (
                header2 + "home,1,1,200,\"[{\"\"element\"\":\"\"e\"\",\"\"count\"\":2}]\",999999999999999999\n",
                "line 2: the counts sum past"
            ),
        ] {
            let error = #expect(throws: CountsFile.Invalid.self) { try CountsFile.health(Array(text.utf8)) }
            #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error")")
        }
        #expect(throws: CountsFile.Invalid.self) { try CountsFile.health(Array(repeating: 0xFF, count: 8)) }
    }

    /// DuckDB (the PyPI wheel) runs the printed queries over the logs; `--counts` reads its CSV.
    func duckdb(_ query: String, into csv: String) throws {
        try write(query, to: "query.sql")
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python, [TestPython.supportFolder.appendingPathComponent("duckdb_counts.py").path, "query.sql", csv],
            workingDirectory: folder.path)
        try #require(status == 0, "\(output)")
    }

    @Test(.integration("DuckDB")) func duckdbCountsEqualTheReadersAndTheReportsAreIdentical() async throws {
        let export = String(decoding: ExperimentCommandTests.healthy, as: UTF8.self)
        try write(Self.edgeLog(seed: 7, units: 3_000), to: "edge.jsonl")
        try write(export, to: "apps.jsonl")
        // The experiment: the apps' export and the edge's records, read together.
        let (_, query, _) = await run(
            ["experiment", "report", "--sql", "duckdb", "--from", "*.jsonl"] + Self.experiment)
        try duckdb(query, into: "experiment.csv")
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        for name in ["apps.jsonl", "edge.jsonl"] {
            try reader.read(Array(try Data(contentsOf: folder.appendingPathComponent(name))), name: name)
            try reader.finish(name)
        }
        let counted = try CountsFile.experiment(
            Array(try Data(contentsOf: folder.appendingPathComponent("experiment.csv"))))
        #expect(counted == reader.observations, "DuckDB \(counted.arms) ≠ reader \(reader.observations.arms)")
        #expect(counted.crossedUnits > 0 && counted.linesWithoutUnit > 0 && counted.arms.count == 2)
        for format in ["text", "markdown", "json"] {
            let (code, fromLogs, errors) = await run(
                ["experiment", "report", "apps.jsonl", "edge.jsonl", "--format", format] + Self.experiment)
            #expect(code == .success, "\(errors)")
            let (countsCode, fromCounts, countsErrors) = await run(
                ["experiment", "report", "--counts", "experiment.csv", "--format", format] + Self.experiment)
            #expect(countsCode == .success, "\(countsErrors)")
            #expect(fromCounts == fromLogs, "\(format)")
        }
        // The health figures: the records alone count (the apps' lines are skipped by both).
        let (_, healthQuery, _) = await run(["health", "--sql", "duckdb", "--from", "*.jsonl"])
        try duckdb(healthQuery, into: "health.csv")
        for format in ["text", "markdown", "prometheus"] {
            let (code, fromLogs, _) = await run(["health", "apps.jsonl", "edge.jsonl", "--format", format])
            #expect(code == .success)
            let (countsCode, fromCounts, errors) = await run(["health", "--counts", "health.csv", "--format", format])
            #expect(countsCode == .success, "\(errors)")
            #expect(fromCounts == fromLogs, "\(format)")
        }
        let (_, prometheus, _) = await run(["health", "--counts", "health.csv", "--format", "prometheus"])
        #expect(
            prometheus.contains(#"screenkit_clients_too_old_total{screen="whats-new",client_version="1"} 60"#),
            "\(prometheus)")
    }

    /// The records the reader refuses, each a variation of a valid one: what the SQL counts must be
    /// what the reader counts on such a log.
    static let hostileRecords: [String] = {
        let valid =
            #"{"format":1,"event":"response","time":"2026-11-28T07:00:00Z","source":"nginx","screen":"home","client":"1","served":1,"status":200,"unit":"u1","experiments":{"promo-order":"control"},"fallbacks":[{"element":"component:productCard","count":2}]}"#
        func edit(_ from: String, _ to: String) -> String { valid.replacingOccurrences(of: from, with: to) }
        return [
            valid, edit(#""unit":"u1""#, #""unit":"u2""#), edit(#""served":1"#, #""served":1.0"#),
            edit(#""format":1"#, #""format":2"#), edit(#""served":1"#, #""served":-1"#),
            edit(#""client":"1""#, #""client":" 1""#), edit(#""client":"1""#, #""client":1"#),
            edit(#""client":"1""#, #""client":"0""#), edit(#""source":"nginx""#, #""source":null"#),
            edit(#""screen":"home""#, #""screen":{"id":"home"}"#), edit(#""count":2"#, #""count":"2""#),
            edit(#""count":2"#, #""count":1048577"#), edit(#""count":2"#, #""count":0"#),
            edit(#""count":2"#, #""count":2.5"#), edit(#""fallbacks":[{"#, #""fallbacks":[3,{"#),
            edit(#""experiments":{"promo-order":"control"}"#, #""experiments":null"#),
            edit(#""experiments":{"promo-order":"control"}"#, #""experiments":{"promo-order":1}"#),
            edit(#""status":200"#, #""status":99"#),
            edit(#""time":"2026-11-28T07:00:00Z""#, #""time":"2026-13-28T07:00:00Z""#),
            edit(#""time":"2026-11-28T07:00:00Z""#, #""time":"2026-02-30T07:00:00Z""#),
            edit(#""time":"2026-11-28T07:00:00Z""#, #""time":"yesterday""#),
            edit(#""unit":"u1""#, #""unit":7"#), edit(#""source":"nginx""#, #""source":"ngïnx""#),
            edit(#""unit":"u1""#, #""unit":"u1","locale":"\#(String(repeating: "a", count: 8200))""#),
            edit(#""event":"response""#, #""event":"other""#),
        ]
    }()

    /// On a log of records the reader refuses, DuckDB's counts are the reader's: the health figures
    /// and the experiment report from the query's result equal the ones from the log itself.
    @Test(.integration("DuckDB")) func duckdbCountsWhatTheReaderCountsOnAHostileLog() async throws {
        try write(Self.hostileRecords.joined(separator: "\n") + "\n", to: "hostile.jsonl")
        let (_, healthQuery, _) = await run(["health", "--sql", "duckdb", "--from", "hostile.jsonl"])
        try duckdb(healthQuery, into: "health.csv")
        let (code, fromLogs, logErrors) = await run(["health", "hostile.jsonl"])
        #expect(code == .success && fromLogs.contains("3 responses"), "\(fromLogs) \(logErrors)")
        let (countsCode, fromCounts, errors) = await run(["health", "--counts", "health.csv"])
        #expect(countsCode == .success, "\(errors)")
        #expect(fromCounts == fromLogs)
        let (_, query, _) = await run(
            ["experiment", "report", "--sql", "duckdb", "--from", "hostile.jsonl"] + Self.experiment)
        try duckdb(query, into: "experiment.csv")
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        try reader.read(Array(try Data(contentsOf: folder.appendingPathComponent("hostile.jsonl"))), name: "h")
        try reader.finish("h")
        let counted = try CountsFile.experiment(
            Array(try Data(contentsOf: folder.appendingPathComponent("experiment.csv"))))
        #expect(
            counted.arms.elementsEqual(reader.observations.arms) { $0 == $1 },
            "\(counted.arms) ≠ \(reader.observations.arms)")
        #expect(counted.exposureLines == reader.observations.exposureLines && counted.exposureLines == 3)
    }
}
