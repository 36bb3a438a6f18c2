import ExampleScreens
import Foundation
import ScreenAnalytics
import ScreenJSON
import ScreenKitCLI
import ScreenTestSupport
import Testing

/// Response records that once crashed `health` or that `experiment report` counted while `health`
/// refused them: one validation for every reader, a bounded count, no text repaired, and a
/// CR LF line ending not counted against a line's bound.
@Suite struct HostileRecordTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let terminal = Terminal.capturing()
        let code = await CLI.run(arguments, catalog: App.catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal.standardOutput, terminal.standardError)
    }

    /// A record of the `home` screen served to a unit in arm `a` of experiment `x`, with `edit`
    /// applied to its text.
    static func record(_ edit: (String) -> String = { $0 }) -> String {
        edit(
            #"{"format":1,"event":"response","time":"2026-11-28T07:00:00Z","source":"nginx","screen":"home","client":"1","served":1,"status":200,"unit":"u1","experiments":{"x":"a"}}"#
        )
    }

    /// The records `health` refuses that `experiment report` once counted as exposures.
    static let refused: [(what: String, line: String)] = [
        ("format 2", record { $0.replacingOccurrences(of: #""format":1"#, with: #""format":2"#) }),
        ("served -1", record { $0.replacingOccurrences(of: #""served":1"#, with: #""served":-1"#) }),
        ("client \" 1\"", record { $0.replacingOccurrences(of: #""client":"1""#, with: #""client":" 1""#) }),
        ("a numeric client", record { $0.replacingOccurrences(of: #""client":"1""#, with: #""client":1"#) }),
        ("source null", record { $0.replacingOccurrences(of: #""source":"nginx""#, with: #""source":null"#) }),
        (
            "a screen object",
            record { $0.replacingOccurrences(of: #""screen":"home""#, with: #""screen":{"id":"home"}"#) }
        ),
        ("a fallback count \"1\"", record { $0.dropLast() + #","fallbacks":[{"element":"c","count":"1"}]}"# }),
        ("a fallback count past 2^20", record { $0.dropLast() + #","fallbacks":[{"element":"c","count":1048577}]}"# }),
        ("a line over 8 KiB", record { $0.dropLast() + #","locale":"\#(String(repeating: "a", count: 8200))"}"# }),
        ("a byte 0xFF", record { $0.replacingOccurrences(of: "nginx", with: "ng\u{FF}inx") }),
    ]

    @Test func aHugeFallbackCountIsASkippedLineNamedNotACrash() async throws {
        let huge = Self.record {
            $0.dropLast()
                + #","fallbacks":[{"element":"component:Carousel","count":9223372036854775807},{"element":"component:Carousel","count":1}]}"#
        }
        let twoToThe62 = Self.record {
            $0.dropLast() + #","fallbacks":[{"element":"component:Carousel","count":4611686018427387904}]}"#
        }
        let log = [Self.record(), huge, twoToThe62, twoToThe62].joined(separator: "\n") + "\n"
        try Data(log.utf8).write(to: folder.appendingPathComponent("edge.log"))
        let (code, output, errors) = await run(["health", "edge.log"])
        #expect(code == .success, "\(errors)")
        #expect(output.contains("1 response"), "\(output)")
        #expect(
            errors.contains(
                "warning: 3 lines skipped (not response records); the first: edge.log: line 2: a fallback count of 9223372036854775807 (1 to 1048576)"
            ), "\(errors)")
        // The bound is the same in a counts file.
        #expect(ResponseRecord.maximumFallbackCount == 1 << 20)
    }

    @Test(arguments: refused.indices)
    func everyReaderRefusesTheSameRecords(index: Int) throws {
        let (what, line) = Self.refused[index]
        let bytes = Array(line.utf8)
        #expect(throws: JSONFormatError.self, "health refuses \(what)") { try ResponseRecord(line: bytes) }
        var health = ResponseRecordReader()
        health.read(bytes + [0x0A], name: "edge.log") { _ in Issue.record("\(what) was read as a record") }
        health.finish("edge.log") { _ in }
        #expect(health.skipped == 1 && health.records == 0, "\(what)")
        var report = ExportReader(experiment: "x", goal: "booked")
        try report.read(bytes + [0x0A], name: "edge.log")
        try report.finish("edge.log")
        #expect(report.observations.exposureLines == 0, "the report counts \(what) as an exposure")
        #expect(report.skippedRecords == 1, "\(what)")
        #expect(report.firstSkippedRecord == health.firstSkipped, "both name the line the same way")
    }

    @Test func theReportWarnsOfTheRecordsItSkippedAsHealthDoes() async throws {
        let log = ([Self.record()] + Self.refused.map(\.line)).joined(separator: "\n") + "\n"
        try Data(log.utf8).write(to: folder.appendingPathComponent("edge.log"))
        let (code, output, errors) = await run(["experiment", "report", "edge.log", "--experiment", "x", "--goal", "b"])
        #expect(code == .success, "\(errors)")
        #expect(output.contains("a"), "\(output)")
        let (_, _, healthErrors) = await run(["health", "edge.log"])
        let warning =
            "warning: \(Self.refused.count) lines skipped (not response records); the first: edge.log: line 2:"
        #expect(errors.contains(warning), "\(errors)")
        #expect(healthErrors.contains(warning), "\(healthErrors)")
    }

    /// Records are ASCII by their format; events are JSON, which is UTF-8: a byte sequence that is
    /// not is refused, never repaired.
    @Test(
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
        ] as [[UInt8]])
    func invalidUTF8IsRefusedInRecordsAndEvents(bad: [UInt8]) throws {
        let record =
            Array(#"{"format":1,"event":"response","time":"2026-11-28T07:00:00Z","source":"ng"#.utf8) + bad
            + Array(#"inx","screen":"home","client":"1","served":1,"status":200}"#.utf8)
        let error = #expect(throws: JSONFormatError.self) { try ResponseRecord(line: record) }
        #expect(error?.description.hasPrefix("a byte that is not ASCII") == true, "\(String(describing: error))")
        let event = Array(#"{"event":"booked","time":"2026-11-28T07:00:00Z","unit":"u"#.utf8) + bad + Array(#""}"#.utf8)
        var report = ExportReader(experiment: "x", goal: "booked")
        let readError = #expect(throws: ExportReader.ReadError.self) {
            try report.read(event + [0x0A], name: "events.jsonl")
        }
        #expect(readError?.description.contains("events.jsonl: line 1:") == true)
        #expect(readError?.description.contains("not valid UTF-8") == true, "\(String(describing: readError))")
        // Valid UTF-8 in an event is read as it is.
        var valid = ExportReader(experiment: "x", goal: "booked")
        try valid.read(
            Array(#"{"event":"booked","time":"2026-11-28T07:00:00Z","unit":"ü€😀"}"#.utf8) + [0x0A], name: "e")
        #expect(valid.observations.goalLines == 1)
    }

    /// A line at its bound is read whether it ends in LF or CR LF, and one byte more is too long.
    @Test func aCRLFEndingDoesNotCountAgainstTheBound() throws {
        let base = Self.record()
        let atLimit = String(base.dropLast()) + #","locale":""#
        let padding = ResponseRecord.maximumLineBytes - atLimit.utf8.count - 2
        let line = atLimit + String(repeating: "a", count: padding) + #""}"#
        #expect(line.utf8.count == ResponseRecord.maximumLineBytes)
        for ending in ["\n", "\r\n"] {
            var reader = ResponseRecordReader()
            var read = 0
            reader.read(Array((line + ending + base + ending).utf8), name: "edge.log") { _ in read += 1 }
            reader.finish("edge.log") { _ in read += 1 }
            #expect(read == 2 && reader.skipped == 0, "ending \(ending.debugDescription): \(reader.firstSkipped ?? "")")
            var longer = ResponseRecordReader()
            longer.read(Array(("a" + line + ending + base + ending).utf8), name: "edge.log") { _ in }
            longer.finish("edge.log") { _ in }
            #expect(longer.records == 1 && longer.skipped == 1, "one byte more is too long")
        }
        // Events: the same at 65,536 bytes.
        let event = #"{"event":"booked","time":"2026-11-28T07:00:00Z","unit":"u","pad":""#
        let eventLine = event + String(repeating: "p", count: 65_536 - event.utf8.count - 2) + #""}"#
        #expect(eventLine.utf8.count == 65_536)
        for ending in ["\n", "\r\n"] {
            var report = ExportReader(experiment: "x", goal: "booked")
            try report.read(Array((eventLine + ending).utf8), name: "events.jsonl")
            try report.finish("events.jsonl")
            #expect(report.observations.goalLines == 1, "ending \(ending.debugDescription)")
            var longer = ExportReader(experiment: "x", goal: "booked")
            #expect(throws: ExportReader.ReadError.self) {
                try longer.read(Array(("a" + eventLine + ending).utf8), name: "events.jsonl")
            }
        }
    }

    /// `--counts` refuses a file past its bounds; the help of both commands and the article say
    /// what they are and which grouping grows past them.
    @Test func theCountsFileBoundsAreStatedWhereUsersLook() async throws {
        let bounds = "At most \(CountsFile.maximumBytes >> 20) MiB and 100,000 rows"
        #expect(CountsFile.maximumRows == 100_000)
        for command in [["health"], ["experiment", "report"]] {
            let (_, help, _) = await run(command + ["--help"])
            #expect(Self.words(help).contains(bounds), "\(command)")
        }
        let article = Self.words(
            try String(
                contentsOf: ExampleApp.root.appendingPathComponent(
                    "Sources/ScreenKitCLI/ScreenKitCLI.docc/OperatingTheCDNPath.md"),
                encoding: .utf8))
        #expect(article.contains("A counts file holds at most \(CountsFile.maximumBytes >> 20) MiB and 100,000 rows"))
    }

    /// `text` with every run of white space one space.
    static func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
