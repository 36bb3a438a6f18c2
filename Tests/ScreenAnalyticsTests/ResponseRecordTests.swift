import ScreenAnalytics
import ScreenJSON
import Testing

/// The response record (format 2, and format 1 before it): a line the routers write reads back field by field; each way a
/// line can be wrong is a clear error that says what, and nothing is guessed.
@Suite struct ResponseRecordTests {
    static let line =
        #"{"format":1,"event":"response","time":"2026-11-28T07:38:30.123Z","source":"nginx","screen":"home","client":"2","served":2,"status":200,"locale":"en","unit":"ada","experiments":{"promo-order":"control"},"forced":{"cart-reminder":"on"},"object":"6a1967613ba76d22a5fa8c2f9a811551105d2797ad1911d00b478deeeddf2ca7","fallbacks":[{"element":"component:Carousel","count":2}]}"#

    @Test func aRoutersLineReadsBackFieldByField() throws {
        let record = try ResponseRecord(line: Array(Self.line.utf8))
        #expect(record.source == "nginx" && record.screen == "home" && record.client == "2")
        #expect(record.served == 2 && record.status == 200 && record.locale == "en" && record.unit == "ada")
        #expect(record.experiments == ["promo-order": "control"] && record.forced == ["cart-reminder": "on"])
        #expect(record.object?.count == 64)
        #expect(record.fallbacks == [ResponseRecord.Fallback(element: "component:Carousel", count: 2)])
        #expect(record.nanoseconds == 1_795_851_510_123_000_000)
        // A 404: no screen, nothing served, no object; optional members left out.
        let missing = try ResponseRecord(
            line: Array(
                #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"fetch","screen":null,"client":"malformed","served":0,"status":404}"#
                    .utf8))
        #expect(
            missing.screen == nil && missing.object == nil && missing.experiments.isEmpty && missing.fallbacks.isEmpty)
        #expect(record.release == nil && missing.release == nil)
        // Format 2 names the release that answered.
        let released = try ResponseRecord(
            line: Array(
                #"{"format":2,"event":"response","time":"2026-11-28T07:38:30Z","source":"server","release":"5bc6286b66a6","screen":"home","client":"2","served":2,"status":200}"#
                    .utf8))
        #expect(released.release == "5bc6286b66a6" && released.screen == "home")
    }

    @Test func aReleaseNameIsBounded() {
        #expect(ResponseRecord.isRelease("5bc6286b66a6") && ResponseRecord.isRelease("v2.3_rc-1"))
        #expect(ResponseRecord.isRelease(String(repeating: "a", count: 64)))
        for name in ["", String(repeating: "a", count: 65), "-x", ".x", "A1", "a b", "a/b", "é"] {
            #expect(!ResponseRecord.isRelease(name), "\(name)")
        }
    }

    @Test(arguments: [
        (#"{"format":3,"event":"response"}"#, "record format 3 is not one this ScreenKit reads (1 to 2)"),
        (
            #"{"format":2,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":"a","client":"2","served":2,"status":200}"#,
            "missing key \"release\""
        ),
        (
            #"{"format":2,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","release":"Big Release","screen":"a","client":"2","served":2,"status":200}"#,
            "release \"Big Release\" is not a release name"
        ),
        (#"{"format":1,"event":"exposure","time":"x"}"#, "event \"exposure\" is not \"response\""),
        ("not json", "invalid JSON"),
        (#"{"format":1,"event":"response","time":"yesterday"}"#, "time \"yesterday\" is not an RFC 3339 timestamp"),
        (
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":"a","client":"2.0","served":2,"status":200}"#,
            "client \"2.0\" is not none, malformed or a version"
        ),
        (
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":"a","client":"2","served":2,"status":99}"#,
            "served 2 or status 99 is out of range"
        ),
        (
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":"a","client":"2","served":2,"status":200,"fallbacks":[{"element":"c","count":0}]}"#,
            "a fallback count of 0"
        ),
        (
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":7,"client":"2","served":2,"status":200}"#,
            "wrong type at screen"
        ),
        (
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z","source":"x","screen":"a","client":"2","served":2,"status":200,"experiments":{"a":1}}"#,
            "wrong type at experiments.a"
        ),
    ])
    func aBrokenLineIsAClearError(line: String, expected: String) {
        #expect {
            _ = try ResponseRecord(line: Array(line.utf8))
        } throws: { error in
            (error as? JSONFormatError)?.description.contains(expected) == true
        }
    }

    @Test func aLineOverTheBoundIsRefusedBeforeItIsParsed() {
        let long =
            Array(Self.line.utf8.dropLast()) + Array(#","pad":""#.utf8)
            + Array(repeating: UInt8(ascii: "x"), count: ResponseRecord.maximumLineBytes) + Array(#""}"#.utf8)
        #expect {
            _ = try ResponseRecord(line: long)
        } throws: { error in
            (error as? JSONFormatError)?.description == "longer than 8192 bytes"
        }
    }

    @Test func aLogWithOtherLinesReadsItsRecordsAndCountsTheRest() {
        let lines = [
            Self.line,
            // CloudWatch Logs: time, request ID and level before a Lambda's console.log line.
            "2026-11-28T07:38:31.456Z\tc0ffee00-1111-2222-3333-444455556666\tINFO\t" + Self.line,
            "127.0.0.1 - - [28/Nov/2026:07:38:30 +0000] \"GET / HTTP/1.1\" 200 12",
            #"{"format":1,"event":"response","time":"2026-11-28T07:38:30Z"}"#,
            "{\"pad\":\"" + String(repeating: "x", count: ResponseRecord.maximumLineBytes) + "\"}",
            "",
            Self.line,
        ]
        let log = Array((lines.joined(separator: "\r\n")).utf8)
        // Any split of the log reads the same.
        for size in [1, 7, 4096, log.count] {
            var reader = ResponseRecordReader()
            var sources: [String] = []
            var offset = 0
            while offset < log.count {
                reader.read(log[offset..<min(log.count, offset + size)], name: "edge.log") { sources.append($0.source) }
                offset += size
            }
            reader.finish("edge.log") { sources.append($0.source) }
            #expect(sources == ["nginx", "nginx", "nginx"], "chunks of \(size)")
            #expect(reader.records == 3 && reader.skipped == 3, "chunks of \(size)")
            #expect(
                reader.firstSkipped?.hasPrefix("edge.log: line 3: invalid JSON") == true, "\(reader.firstSkipped ?? "")"
            )
        }
    }

    @Test func aResponseRecordIsAnExposureWhenItServedTheScreenAndItsArmsWereNotForced() throws {
        func record(
            _ unit: String, _ status: Int, experiments: String = #"{"promo-order":"control"}"#, forced: String = "{}"
        ) -> String {
            #"{"format":1,"event":"response","time":"2026-11-28T07:00:00Z","source":"nginx","screen":"home","client":"2","served":2,"status":\#(status),"unit":"\#(unit)","experiments":\#(experiments),"forced":\#(forced)}"#
        }
        let lines = [
            record("a", 200), record("b", 304, experiments: #"{"promo-order":"shipping-first"}"#),
            record("c", 200, experiments: "{}", forced: #"{"promo-order":"shipping-first"}"#),
            #"{"format":1,"event":"response","time":"2026-11-28T07:00:00Z","source":"nginx","screen":null,"client":"2","served":0,"status":404,"unit":"d"}"#,
            #"{"unit":"a","event":"add_to_cart_tapped","time":"2026-11-28T07:01:00Z"}"#,
            #"{"unit":"c","event":"add_to_cart_tapped","time":"2026-11-28T07:01:00Z"}"#,
        ]
        var reader = ExportReader(experiment: "promo-order", goal: "add_to_cart_tapped")
        try reader.read(Array(lines.joined(separator: "\n").utf8), name: "edge.log")
        try reader.finish("edge.log")
        let arms = reader.observations.arms
        #expect(arms.map(\.name) == ["control", "shipping-first"])
        #expect(arms.map(\.exposed) == [1, 1] && arms.map(\.converted) == [1, 0])
        #expect(reader.observations.exposureLines == 2)
    }
}
