import Foundation
import ScreenAnalytics
import ScreenJSON
import ScreenTestSupport
import Testing

/// The experiment report's every figure against scipy and statsmodels (Tests/Support/experiment_oracle.py,
/// which also counts the export itself, in Python) on seeded exports: an effect, no effect, and a
/// broken split.
@Suite struct ExperimentReportTests {
    /// One arm of a generated export: its share of the units and its true conversion rate.
    struct ArmPlan {
        let name: String
        let share: Double
        let rate: Double
    }

    /// A seeded export of `units` units: each exposed (some twice, a few to two arms), converting
    /// at its arm's rate a minute after exposure; some units send the goal only before their
    /// exposure; some goal lines name no unit; other events are noise. Exposures are written as
    /// `experiment`/`arm` lines, goals as the example servers' event lines with their arms.
    static func export(seed: UInt64, units: Int, arms: [ArmPlan]) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let start = 1_795_773_600.0
        func time(_ seconds: Double) -> String {
            Date(timeIntervalSince1970: start + seconds).formatted(.iso8601)
        }
        var lines: [String] = []
        for index in 0..<units {
            let unit = "u-\(index)"
            var draw = uniform()
            var arm = arms[arms.count - 1]
            for candidate in arms {
                if draw < candidate.share {
                    arm = candidate
                    break
                }
                draw -= candidate.share
            }
            let exposed = Double(index) * 3
            lines.append(
                #"{"time":"\#(time(exposed))","unit":"\#(unit)","experiment":"promo-order","arm":"\#(arm.name)","event":"exposure"}"#
            )
            if index % 7 == 0 {
                lines.append(
                    #"{"time":"\#(time(exposed + 900))","unit":"\#(unit)","experiment":"promo-order","arm":"\#(arm.name)","event":"exposure"}"#
                )
            }
            if index % 997 == 0, let other = arms.first(where: { $0.name != arm.name }) {
                lines.append(
                    #"{"time":"\#(time(exposed + 30))","unit":"\#(unit)","experiment":"promo-order","arm":"\#(other.name)","event":"exposure"}"#
                )
            }
            if uniform() < arm.rate {
                lines.append(
                    #"{"time":"\#(time(exposed + 60))","unit":"\#(unit)","contract":3,"event":"add_to_cart_tapped","params":{"product":"aeropress"},"experiments":{"promo-order":"\#(arm.name)"}}"#
                )
            } else if uniform() < 0.02 {
                lines.append(#"{"time":"\#(time(exposed - 60))","unit":"\#(unit)","event":"add_to_cart_tapped"}"#)
            }
            if index % 101 == 0 { lines.append(#"{"time":"\#(time(exposed + 5))","event":"add_to_cart_tapped"}"#) }
            if uniform() < 0.3 {
                lines.append(#"{"time":"\#(time(exposed + 10))","unit":"\#(unit)","event":"product_viewed"}"#)
            }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The report of `bytes` read in chunks of `chunk` bytes.
    static func report(_ bytes: [UInt8], declared: [(String, Int)], chunk: Int = 4096) throws -> ExperimentReport {
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        var offset = 0
        while offset < bytes.count {
            try reader.read(bytes[offset..<min(bytes.count, offset + chunk)], name: "export.jsonl")
            offset += chunk
        }
        try reader.finish("export.jsonl")
        return ExperimentReport(
            experiment: "promo-order", goal: "add_to_cart_tapped", observations: reader.observations,
            declared: declared)
    }

    /// What the oracle says of `bytes`.
    static func oracle(_ bytes: [UInt8], weights: [(String, Int)]) throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-export-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python,
            [
                TestPython.supportFolder.appendingPathComponent("experiment_oracle.py").path, file.path, "promo-order",
                "add_to_cart_tapped", weights[0].0,
            ] + weights.map { "\($0.0)=\($0.1)" })
        try #require(status == 0, "the oracle failed: \(output)")
        return try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// `actual` within 1e-9 (relative) of `expected`.
    static func close(_ actual: Double?, _ expected: Any?, _ what: String) {
        guard let actual, let expected = expected as? Double else {
            Issue.record("\(what): \(String(describing: actual)) against \(String(describing: expected))")
            return
        }
        #expect(abs(actual - expected) <= 1e-9 * abs(expected) + 1e-15, "\(what): \(actual) against \(expected)")
    }

    static let cases: [(name: String, seed: UInt64, arms: [ArmPlan], srm: Bool, significant: Bool)] = [
        (
            "an effect", 42,
            [
                ArmPlan(name: "control", share: 0.5, rate: 0.10),
                ArmPlan(name: "shipping-first", share: 0.5, rate: 0.125),
            ], false, true
        ),
        (
            "no effect", 7,
            [
                ArmPlan(name: "control", share: 0.5, rate: 0.10),
                ArmPlan(name: "shipping-first", share: 0.5, rate: 0.10),
            ], false, false
        ),
        (
            "a broken split", 3,
            [
                ArmPlan(name: "control", share: 0.54, rate: 0.10),
                ArmPlan(name: "shipping-first", share: 0.46, rate: 0.10),
            ], true, false
        ),
    ]

    @Test(.integration("scipy and statsmodels"), arguments: cases.indices)
    func everyFigureIsTheOraclesFigure(index: Int) throws {
        let test = Self.cases[index]
        let bytes = Self.export(seed: test.seed, units: 20_000, arms: test.arms)
        let declared = [("control", 50), ("shipping-first", 50)]
        let report = try Self.report(bytes, declared: declared)
        let oracle = try Self.oracle(bytes, weights: declared)
        let arms = try #require(oracle["arms"] as? [String: [String: Any]])
        #expect(report.arms.map(\.name) == ["control", "shipping-first"])
        for arm in report.arms {
            let expected = try #require(arms[arm.name], "\(test.name): \(arm.name)")
            #expect(arm.units == expected["units"] as? Int, "\(test.name) \(arm.name) units")
            #expect(arm.converted == expected["converted"] as? Int, "\(test.name) \(arm.name) converted")
            Self.close(arm.rate, expected["rate"], "\(test.name) \(arm.name) rate")
            let interval = expected["interval"] as? [Double]
            Self.close(arm.interval?.low, interval?[0], "\(test.name) \(arm.name) interval low")
            Self.close(arm.interval?.high, interval?[1], "\(test.name) \(arm.name) interval high")
            guard arm.name != report.control else { continue }
            for (figure, actual) in [("lift", arm.lift), ("relativeLift", arm.relativeLift)] {
                let values = expected[figure] as? [Double]
                Self.close(actual?.value, values?[0], "\(test.name) \(figure)")
                Self.close(actual?.low, values?[1], "\(test.name) \(figure) low")
                Self.close(actual?.high, values?[2], "\(test.name) \(figure) high")
            }
            Self.close(arm.test?.z, expected["z"], "\(test.name) z")
            Self.close(arm.test?.p, expected["p"], "\(test.name) p")
            #expect(((arm.test?.p ?? 1) < 0.05) == test.significant, "\(test.name): p = \(arm.test?.p ?? 1)")
        }
        let split = try #require(oracle["sampleRatio"] as? [String: Any])
        Self.close(report.sampleRatio?.statistic, split["statistic"], "\(test.name) chi-square")
        Self.close(report.sampleRatio?.p, split["p"], "\(test.name) chi-square p")
        #expect(report.sampleRatio?.mismatch == test.srm, "\(test.name)")
        #expect(
            report.notes.first
                == "\(oracle["crossed"] as? Int ?? -1) units were exposed to more than one arm and are left out")
    }

    /// A line left out for want of a unit is one that would have counted: an app's exposure or goal,
    /// or a response serving an arm of the experiment; another screen's response is not one.
    @Test func onlyLinesThatWouldCountAreLeftOutForWantOfAUnit() throws {
        let lines = [
            #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"nginx","screen":"recipe","client":"2","served":2,"status":200}"#,
            #"{"format":1,"event":"response","time":"2026-11-28T08:00:00Z","source":"nginx","screen":"home","client":"2","served":2,"status":200,"experiments":{"promo-order":"control"}}"#,
            #"{"event":"add_to_cart_tapped","time":"2026-11-28T08:00:00Z"}"#,
            #"{"event":"exposure","time":"2026-11-28T08:00:00Z","experiment":"promo-order","arm":"control"}"#,
        ]
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        try reader.read(Array((lines.joined(separator: "\n") + "\n").utf8), name: "log")
        try reader.finish("log")
        #expect(reader.observations.linesWithoutUnit == 3)
        #expect(reader.skippedRecords == 0, "\(reader.firstSkippedRecord ?? "")")
    }

    @Test func theChunkingDoesNotMatter() throws {
        let bytes = Self.export(seed: 11, units: 500, arms: Self.cases[0].arms)
        let declared = [("control", 50), ("shipping-first", 50)]
        let whole = try Self.report(bytes, declared: declared, chunk: bytes.count)
        for chunk in [1, 7, 4096] {
            let report = try Self.report(bytes, declared: declared, chunk: chunk)
            #expect(
                report.arms.map(\.units) == whole.arms.map(\.units)
                    && report.arms.map(\.converted) == whole.arms.map(\.converted))
        }
    }

    @Test(arguments: [
        ("not json\n", "export.jsonl: line 1: invalid JSON"),
        (#"{"unit":"u","event":"exposure"}"# + "\n", #"export.jsonl: line 1: missing key "time""#),
        (
            #"{"unit":"u","event":"exposure","time":"yesterday"}"# + "\n",
            #"export.jsonl: line 1: time "yesterday" is not an RFC 3339 timestamp"#
        ),
        ("\n" + #"{"time":"2026-02-30T00:00:00Z","event":"x"}"#, #"export.jsonl: line 2: time "2026-02-30T00:00:00Z""#),
        (#"{"time":"2026-11-27T10:00:00Z","unit":7,"event":"exposure"}"#, "export.jsonl: line 1: wrong type at unit"),
        // Found by fuzz-experiment-export: nanoseconds of year 3123 overflowed an Int64.
        (#"{"time":"3123-11-27T09:00:00Z","event":"x"}"#, #"export.jsonl: line 1: time "3123-11-27T09:00:00Z" is not"#),
    ])
    func aBadLineIsAnErrorNamingItsFileAndLine(text: String, message: String) {
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        #expect {
            try reader.read(Array(text.utf8), name: "export.jsonl")
            try reader.finish("export.jsonl")
        } throws: { error in
            (error as? ExportReader.ReadError)?.description.hasPrefix(message) == true
        }
    }

    @Test func aLineOverTheLimitIsRefused() {
        var limits = ExportReader.Limits()
        limits.maximumLineBytes = 64
        var reader = ExportReader(experiment: "e", goal: "g", limits: limits)
        let error = #expect(throws: ExportReader.ReadError.self) {
            try reader.read(Array(repeating: 0x20, count: 65), name: "big.jsonl")
        }
        #expect(error?.description == "big.jsonl: line 1: longer than 64 bytes")
    }

    @Test func theIncompleteGammaMatchesItsClosedForms() {
        // Q(1/2, x) = erfc(√x) (one degree of freedom); Q(1, x) = e^-x (two).
        for x in [0.001, 0.5, 1, 3.2, 10, 40] {
            #expect(abs(Statistics.upperIncompleteGamma(0.5, x) - erfc(x.squareRoot())) <= 1e-13)
            #expect(abs(Statistics.upperIncompleteGamma(1, x) - exp(-x)) <= 1e-13 * max(1, exp(-x)))
        }
        #expect(Statistics.wilson(successes: 0, trials: 0) == nil)
        #expect(Statistics.zTest((0, 10), (0, 10)) == nil)
        #expect(Statistics.ratio((0, 10), (3, 10)) == nil)
    }
}
