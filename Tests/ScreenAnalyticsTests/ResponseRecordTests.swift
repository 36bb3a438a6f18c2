import ScreenAnalytics
import ScreenJSON
import Testing

/// The response record (format 1): a line the routers write reads back field by field; each way a
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
    }

    @Test(arguments: [
        (#"{"format":2,"event":"response"}"#, "record format 2 is not one this ScreenKit reads (1)"),
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
            (error as? JSONFormatError)?.description == "a record longer than 8192 bytes"
        }
    }
}
