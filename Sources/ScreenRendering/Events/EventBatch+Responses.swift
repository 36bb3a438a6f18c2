import ScreenJSON

extension ScreenResponse {
    /// The answer to a batch that was read: 200 with
    /// `{"contract":3,"accepted":2,"rejected":[{"index":1,"reason":"…"}]}`, so the app knows which
    /// events were refused and why (it should not send them again).
    public static func eventsRead(_ batch: EventBatch) -> ScreenResponse {
        var json = JSONWriter(style: .compact, capacity: 128 + 96 * batch.rejected.count)
        json.object { json in
            json.member("contract", batch.contract)
            json.member("accepted", batch.accepted.count)
            json.objects("rejected", batch.rejected) { json, rejection in
                json.member("index", rejection.index)
                json.member("reason", rejection.reason)
            }
        }
        return ScreenResponse(status: 200, headers: uncached("application/json"), body: json.takeBytes())
    }

    /// The answer to a batch that could not be read at all: 400 with a problem document
    /// (`urn:screenkit:problem:bad-event-batch`) whose `detail` says why.
    public static func eventsRefused(_ error: EventBatch.ReadError) -> ScreenResponse {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            json.member("type", "urn:screenkit:problem:bad-event-batch")
            json.member("title", "The event batch cannot be read")
            json.member("status", 400)
            json.member("detail", error.description)
        }
        return ScreenResponse(status: 400, headers: uncached("application/problem+json"), body: json.takeBytes())
    }

    /// `Content-Type: contentType` and `Cache-Control: no-store`: an answer about one app's batch.
    private static func uncached(_ contentType: String) -> [Header] {
        [Header(name: "Content-Type", value: contentType), Header(name: "Cache-Control", value: "no-store")]
    }
}
