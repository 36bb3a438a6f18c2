import Foundation
import ScreenAnalytics
import ScreenContract
import ScreenKit
import ScreenRendering
import ScreenTestSupport
import Testing

/// Reading an app's batch of analytics events: each event checked against the contract version
/// the batch declares, refused alone with its reason, the rest accepted; a batch that cannot be
/// read at all refused as a whole with a clear reason.
@Suite struct EventBatchTests {
    static let reader = EventBatchReader(history: EventsFixture.history)

    static func batch(contract: Int, _ events: [String]) -> [UInt8] {
        Array(#"{"format":1,"contract":\#(contract),"events":[\#(events.joined(separator: ","))]}"#.utf8)
    }

    @Test func everyKnownEventIsAcceptedWithItsParamsSortedByKey() throws {
        let batch = try Self.reader.read(
            Self.batch(
                contract: 3,
                [
                    #"{"name":"promo_tapped","params":{"surface":"search","promo":"cold-brew","position":1},"trigger":"tap","screen":"promo","node":"cold-brew","experiments":{"faq-layout":"b"},"time":"2026-11-27T10:00:00.250Z"}"#,
                    #"{"name":"section_expanded","params":{"section":"shipping"},"trigger":"expand"}"#,
                ]))
        #expect(batch.contract == 3)
        #expect(batch.rejected == [])
        #expect(batch.accepted.map(\.name) == ["promo_tapped", "section_expanded"])
        let promo = try #require(batch.accepted.first)
        #expect(
            promo.params == [
                Prop(key: "position", value: .number(1)), Prop(key: "promo", value: .string("cold-brew")),
                Prop(key: "surface", value: .string("search")),
            ])
        #expect(promo.experiments == ["faq-layout": "b"])
        #expect(
            String(
                decoding: promo.jsonLine(contract: 3, unit: "ada", receivedAt: "2026-11-27T10:00:01.000Z"),
                as: UTF8.self)
                == #"{"time":"2026-11-27T10:00:00.250Z","unit":"ada","contract":3,"event":"promo_tapped","trigger":"tap","screen":"promo","node":"cold-brew","params":{"position":1,"promo":"cold-brew","surface":"search"},"experiments":{"faq-layout":"b"}}"#
                + "\n")
        let expanded = batch.accepted[1]
        #expect(
            String(
                decoding: expanded.jsonLine(contract: 3, unit: nil, receivedAt: "2026-11-27T10:00:01.000Z"),
                as: UTF8.self)
                == #"{"time":"2026-11-27T10:00:01.000Z","contract":3,"event":"section_expanded","trigger":"expand","params":{"section":"shipping"}}"#
                + "\n")
    }

    /// Each event the version does not know is refused with its reason; the others still count.
    @Test func eachBadEventIsRefusedAloneWithItsReason() throws {
        let good = #"{"name":"screen_viewed","params":{"screen":"promo"}}"#
        let cases: [(String, String)] = [
            (#"{"name":"promo_shown","params":{}}"#, #"unknown event "promo_shown" (contract 2)"#),
            (
                #"{"name":"section_expanded","params":{"section":"a"}}"#,
                #"unknown event "section_expanded" (contract 2)"#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":"x","surface":"home"}}"#,
                #"unknown param "surface" of event "promo_tapped" (contract 2)"#
            ),
            (
                #"{"name":"promo_tapped","params":{"position":1}}"#,
                #"event "promo_tapped" is missing its required param "promo""#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":7}}"#,
                #"param "promo" of event "promo_tapped" is not of type string"#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":"x","position":"first"}}"#,
                #"param "position" of event "promo_tapped" is not of type number"#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":"x"},"trigger":"expand"}"#,
                #"unknown trigger "expand" (contract 2)"#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":"x"},"time":"yesterday"}"#,
                #"time "yesterday" is not an RFC 3339 timestamp"#
            ),
            (
                #"{"name":"promo_tapped","params":{"promo":"x"},"experiments":{"a b":"c"}}"#,
                #"experiment "a b" = "c" is not an experiment and arm name"#
            ),
            (#"{"name":"promo_tapped","params":{"promo":"x"},"colour":"red"}"#, #"unknown key "colour""#),
            (#"{"name":"promo_tapped"}"#, #"missing key "params" at events[0]"#),
            (#""promo_tapped""#, "wrong type at events[0]"),
        ]
        for (event, reason) in cases {
            let batch = try Self.reader.read(Self.batch(contract: 2, [event, good]))
            #expect(batch.rejected.count == 1, "\(event)")
            #expect(batch.rejected.first?.index == 0)
            #expect(batch.rejected.first?.description.hasPrefix("events[0]: ") == true)
            #expect(batch.rejected.first?.reason.contains(reason) == true, "\(batch.rejected.first?.reason ?? "")")
            #expect(batch.accepted.map(\.index) == [1], "\(event)")
        }
    }

    /// The built-in exposure a client sends when it first shows a screen served with arms: no
    /// params, its arms required, on `appear` or no trigger; written as an `exposure` line, which
    /// `screenkit experiment report` reads.
    @Test func anExposureIsBuiltInAndChecked() throws {
        let batch = try Self.reader.read(
            Self.batch(
                contract: 1,
                [
                    #"{"name":"exposure","params":{},"trigger":"appear","screen":"faq","experiments":{"faq-layout":"b"}}"#,
                    #"{"name":"exposure","params":{},"experiments":{"faq-layout":"a"},"time":"2026-11-27T10:00:00Z"}"#,
                    #"{"name":"exposure","params":{},"screen":"faq"}"#,
                    #"{"name":"exposure","params":{},"experiments":{}}"#,
                    #"{"name":"exposure","params":{"screen":"faq"},"experiments":{"faq-layout":"b"}}"#,
                    #"{"name":"exposure","params":{},"trigger":"tap","experiments":{"faq-layout":"b"}}"#,
                ]))
        #expect(batch.accepted.map(\.index) == [0, 1])
        #expect(
            batch.rejected.map(\.description) == [
                #"events[2]: an exposure names the arms it was served in "experiments""#,
                #"events[3]: an exposure names the arms it was served in "experiments""#,
                #"events[4]: unknown param "screen" of event "exposure" (contract 1)"#,
                #"events[5]: an exposure is sent on appear, not "tap""#,
            ])
        #expect(
            String(
                decoding: batch.accepted[0].jsonLine(contract: 1, unit: "ada", receivedAt: "2026-11-27T10:00:01.000Z"),
                as: UTF8.self)
                == #"{"time":"2026-11-27T10:00:01.000Z","unit":"ada","contract":1,"event":"exposure","trigger":"appear","screen":"faq","params":{},"experiments":{"faq-layout":"b"}}"#
                + "\n")
    }

    /// The built-in render failure an app sends when it could not show a screen, or part of one:
    /// its screen, a reason from the closed set, optionally the JSON path and the release, no
    /// trigger; written as a `render_failed` line, which `screenkit health` counts.
    @Test func aRenderFailureIsBuiltInAndChecked() throws {
        let batch = try Self.reader.read(
            Self.batch(
                contract: 2,
                [
                    #"{"name":"render_failed","params":{"reason":"image_failed","path":"$.root.children[2]","release":"5bc6286b66a6"},"screen":"faq","time":"2026-11-27T10:00:00Z"}"#,
                    #"{"name":"render_failed","params":{"reason":"decode"},"screen":"faq"}"#,
                    #"{"name":"render_failed","params":{"reason":"crashed"},"screen":"faq"}"#,
                    #"{"name":"render_failed","params":{"reason":"decode"}}"#,
                    #"{"name":"render_failed","params":{"reason":"decode"},"screen":"faq","trigger":"tap"}"#,
                    #"{"name":"render_failed","params":{"reason":"decode","release":"Big Release"},"screen":"faq"}"#,
                    #"{"name":"render_failed","params":{"reason":"decode","stack":"…"},"screen":"faq"}"#,
                    #"{"name":"render_failed","params":{},"screen":"faq"}"#,
                ]))
        #expect(batch.accepted.map(\.index) == [0, 1])
        #expect(
            batch.rejected.map(\.description) == [
                #"events[2]: reason "crashed" is not one of decode, unknown_component, unknown_action, missing_prop, bad_value, image_failed, other"#,
                #"events[3]: a render failure names the screen it happened on in "screen""#,
                #"events[4]: a render failure is sent on no trigger, not "tap""#,
                #"events[5]: release "Big Release" is not a release name"#,
                #"events[6]: unknown param "stack" of event "render_failed" (contract 2)"#,
                #"events[7]: event "render_failed" is missing its required param "reason""#,
            ])
        let line = batch.accepted[0].jsonLine(contract: 2, unit: "ada", receivedAt: "2026-11-27T10:00:01.000Z")
        #expect(
            String(decoding: line, as: UTF8.self)
                == #"{"time":"2026-11-27T10:00:00Z","unit":"ada","contract":2,"event":"render_failed","screen":"faq","params":{"path":"$.root.children[2]","reason":"image_failed","release":"5bc6286b66a6"}}"#
                + "\n")
        // The line `screenkit health` reads back.
        let failure = try RenderFailureLine(line: Array(line.dropLast()))
        #expect(failure.screen == "faq" && failure.contract == 2 && failure.reason == .imageFailed)
        #expect(failure.release == "5bc6286b66a6" && failure.path == "$.root.children[2]" && failure.unit == "ada")
    }

    @Test func anEnumValueIsCheckedAgainstTheDeclaredVersion() throws {
        // Version 3 declares Surface with home and search; an unknown value is refused there.
        let batch = try Self.reader.read(
            Self.batch(contract: 3, [#"{"name":"promo_tapped","params":{"promo":"x","surface":"inbox"}}"#]))
        #expect(
            batch.rejected.map(\.reason) == [
                #"param "surface" of event "promo_tapped": "inbox" is not a value of Surface (contract 3)"#
            ])
    }

    @Test func aNewerAppIsCheckedAgainstTheNewestVersion() throws {
        let batch = try Self.reader.read(
            Self.batch(
                contract: 9,
                [
                    #"{"name":"section_expanded","params":{"section":"a"}}"#,
                    #"{"name":"cart_abandoned","params":{}}"#,
                ]))
        #expect(batch.contract == 3)
        #expect(batch.accepted.map(\.name) == ["section_expanded"])
        #expect(batch.rejected.map(\.reason) == [#"unknown event "cart_abandoned" (contract 3)"#])
    }

    /// A batch that cannot be read at all is refused as a whole, saying why.
    @Test(arguments: [
        ("not json", "not an event batch: invalid JSON"),
        ("[]", "not an event batch: wrong type"),
        (#"{"contract":1,"events":[]}"#, #"not an event batch: missing key "format""#),
        (#"{"format":2,"contract":1,"events":[]}"#, "format 2 is not supported (this server reads format 1)"),
        (#"{"format":1,"events":[]}"#, #"missing key "contract""#),
        (#"{"format":1,"contract":0,"events":[]}"#, "contract 0 is not a contract version"),
        (#"{"format":1,"contract":1,"events":{}}"#, "wrong type at events: expected a list"),
        (#"{"format":1,"contract":1,"events":[],"unit":"u"}"#, #"unknown key "unit""#),
        (#"{"format":1,"contract":1,"events":[[[[[[[[[1]]]]]]]]]}"#, "not an event batch: invalid JSON"),
    ])
    func anUnreadableBatchIsRefusedWithItsReason(text: String, reason: String) {
        #expect {
            _ = try Self.reader.read(Array(text.utf8))
        } throws: { error in
            (error as? EventBatch.ReadError)?.description.contains(reason) == true
        }
    }

    @Test func theLimitsAreEnforcedBeforeAnythingIsRead() throws {
        var limits = EventBatch.Limits()
        limits.maximumEvents = 2
        limits.maximumBytes = 400
        limits.maximumStringBytes = 8
        let reader = EventBatchReader(history: EventsFixture.history, limits: limits)
        let event = #"{"name":"screen_viewed","params":{"screen":"promo"}}"#
        let error = #expect(throws: EventBatch.ReadError.self) {
            try reader.read(Self.batch(contract: 3, [event, event, event]))
        }
        #expect(error?.description == "the batch holds 3 events; a batch holds at most 2")
        let large = #expect(throws: EventBatch.ReadError.self) {
            try reader.read(Array(repeating: 0x20, count: 401))
        }
        #expect(large?.description == "the batch is 401 bytes; a batch is at most 400 bytes")
        let long = try reader.read(
            Self.batch(contract: 3, [#"{"name":"screen_viewed","params":{"screen":"a-long-screen"}}"#]))
        #expect(long.rejected.map(\.reason) == [#"param "screen" is 13 bytes; a string is at most 8"#])
    }

    @Test(arguments: [
        ("2026-11-27T10:00:00Z", true), ("2026-11-27T10:00:00.123456789+01:00", true),
        ("2026-11-27t10:00:00z", true), ("2026-11-27T10:00:00", false), ("2026-13-27T10:00:00Z", false),
        ("2026-11-27T10:00:00.Z", false), ("2026-11-27T10:00:00+1:00", false), ("2026-11-27 10:00:00Z", false),
    ])
    func timestampsAreRFC3339(text: String, valid: Bool) throws {
        let batch = try Self.reader.read(
            Self.batch(contract: 3, [#"{"name":"screen_viewed","params":{"screen":"s"},"time":"\#(text)"}"#]))
        #expect(batch.accepted.count == (valid ? 1 : 0), "\(text)")
    }

    @Test func theRendererReadsAgainstItsHistory() throws {
        let renderer = try ScreenRenderer(catalog: EventsFixture.catalog, history: .embedded(EventRenderingTests.files))
        let batch = try renderer.events.read(
            Self.batch(contract: 1, [#"{"name":"screen_viewed","params":{"screen":"s"}}"#]))
        #expect(batch.rejected.map(\.reason) == [#"unknown event "screen_viewed" (contract 1)"#])
        #expect(EventBatch.timestamp(Date(timeIntervalSince1970: 1_795_773_600.25)) == "2026-11-27T10:00:00.250Z")
    }
}
