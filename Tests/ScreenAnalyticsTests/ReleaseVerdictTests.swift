import ScreenAnalytics
import ScreenJSON
import Testing

/// The canary's verdict: promote when no measure is worse on enough traffic, roll back when one is
/// significantly worse (even on little traffic), hold on too little traffic or a difference not
/// yet significant; each comparison with the experiment report's statistics.
@Suite struct ReleaseVerdictTests {
    static func record(_ release: String, screen: String = "home", status: Int = 200, fallback: Bool = false)
        -> ResponseRecord
    {
        let fallbacks = fallback ? #","fallbacks":[{"element":"component:Carousel","count":1}]"# : ""
        return try! ResponseRecord(
            line: Array(
                #"{"format":2,"event":"response","time":"2026-12-05T10:00:00Z","source":"nginx","release":"\#(release)","screen":"\#(screen)","client":"2","served":2,"status":\#(status)\#(fallbacks)}"#
                    .utf8))
    }

    static func failure(_ release: String, reason: String = "image_failed") -> RenderFailureLine {
        try! RenderFailureLine(
            line: Array(
                #"{"time":"2026-12-05T10:00:01Z","contract":2,"event":"render_failed","screen":"home","params":{"reason":"\#(reason)","release":"\#(release)"}}"#
                    .utf8))
    }

    /// Tallies of `responses` each, with `failures` render failures and `errors` 5xx in the canary.
    static func verdict(responses: Int, failures: Int = 0, errors: Int = 0, minimum: Int = 1000) -> ReleaseVerdict {
        var stable = ReleaseVerdict.Tally()
        var canary = ReleaseVerdict.Tally()
        for index in 0..<responses {
            stable.count(record("aaaaaaaaaaaa", status: index % 200 == 0 ? 500 : 200))
            canary.count(record("bbbbbbbbbbbb", status: index < errors || index % 200 == 0 ? 500 : 200))
        }
        for _ in 0..<failures { canary.count(failure("bbbbbbbbbbbb")) }
        return ReleaseVerdict(
            stable: "aaaaaaaaaaaa", canary: "bbbbbbbbbbbb", overall: (stable, canary),
            screens: ["home": (stable, canary)], minimumResponses: minimum)
    }

    @Test func aHealthyCanaryIsPromoted() {
        let verdict = Self.verdict(responses: 2000)
        #expect(verdict.decision == .promote, "\(verdict.text)")
        #expect(
            verdict.overall.map(\.measure) == [
                "server errors (5xx)", "client errors (4xx)", "responses with a fallback",
                "render failures per screen shown",
            ])
        #expect(verdict.overall[0].canary == (10, 2000) && verdict.overall[0].stable == (10, 2000))
    }

    @Test func aCanaryWhoseScreensFailIsRolledBackEvenOnLittleTraffic() {
        let verdict = Self.verdict(responses: 300, failures: 40)
        #expect(verdict.decision == .rollback, "\(verdict.text)")
        let failures = verdict.overall[3]
        // Per screen shown: 298 of the 300 responses (two are 500s).
        #expect(failures.isWorse && failures.canary == (40, 298) && failures.stable == (0, 298))
        // The figures: the Wald interval and the pooled z-test of the experiment report.
        let difference = try! #require(failures.difference)
        #expect(abs(difference.value - 40.0 / 298) < 1e-12)
        #expect(abs(difference.low - Statistics.difference((40, 298), (0, 298))!.low) < 1e-12)
        #expect(failures.p == Statistics.zTest((40, 298), (0, 298))?.p)
        #expect(verdict.reasons[0].hasPrefix("render failures per screen shown: 40 of 298 (13.42 %)"))
        #expect(verdict.failuresByReason.map(\.reason) == [.imageFailed])
        #expect(verdict.markdown.hasPrefix("# Canary verdict: roll back\n"))
    }

    @Test func aGuardrailGoalThatDropsRollsBack() {
        var stable = ReleaseVerdict.Tally()
        var canary = ReleaseVerdict.Tally()
        for _ in 0..<2000 {
            stable.count(Self.record("aaaaaaaaaaaa"))
            canary.count(Self.record("bbbbbbbbbbbb"))
        }
        func verdict(_ converted: Int) -> ReleaseVerdict {
            ReleaseVerdict(
                stable: "aaaaaaaaaaaa", canary: "bbbbbbbbbbbb", overall: (stable, canary), screens: [:],
                minimumResponses: 1000,
                guardrail: .init(event: "booked", stable: (1000, 300), canary: (1000, converted)))
        }
        let dropped = verdict(200)
        #expect(dropped.decision == .rollback, "\(dropped.text)")
        let goal = try! #require(dropped.overall.last)
        #expect(goal.measure == "units that did not send booked" && goal.canary == (800, 1000) && goal.isWorse)
        #expect(verdict(310).decision == .promote, "a rise is no harm")
    }

    /// The reader hands on a goal event with its unit, and a broken record stays a skipped record
    /// (never an event, whatever it names).
    @Test func theReaderHandsOnEventsButNeverABrokenRecord() {
        var reader = ResponseRecordReader()
        var events: [String] = []
        let log = [
            #"{"time":"2026-12-05T10:01:00Z","unit":"ada","contract":2,"event":"booked","params":{}}"#,
            #"{"format":1,"event":"response","time":"2026-11-2","unit":"u1","status":200}"#,
        ].joined(separator: "\n")
        reader.read(
            Array(log.utf8), name: "log", { _ in }, failures: { _ in }, events: { events.append("\($0) \($1)") })
        reader.finish("log", { _ in }, failures: { _ in }, events: { events.append("\($0) \($1)") })
        #expect(events == ["booked ada"] && reader.skipped == 1 && reader.records == 0)
    }

    @Test func tooLittleTrafficOrAnUnclearDifferenceIsHeld() {
        let little = Self.verdict(responses: 300)
        #expect(little.decision == .hold)
        #expect(little.reasons[0].contains("too little traffic for a verdict: 300 canary and 300 stable responses"))
        // More server errors, not significantly: hold.
        let unclear = Self.verdict(responses: 2000, errors: 8)
        #expect(unclear.decision == .hold, "\(unclear.text)")
        // Significantly more: roll back.
        #expect(Self.verdict(responses: 2000, errors: 60).decision == .rollback)
    }
}
