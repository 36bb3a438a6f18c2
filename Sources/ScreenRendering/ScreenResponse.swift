import ScreenJSON
import ScreenKit

/// A framework-neutral HTTP response for a screen request: copy its status, headers and body into
/// Hummingbird's, Vapor's or any other server's response type.
///
/// - 200 with the envelope, `Content-Type: application/json`, a strong `ETag`, `Cache-Control`,
///   `Vary: ScreenKit-Contract` (so a CDN caches one copy per client version) and
///   `ScreenKit-Contract` naming the version served; with String Catalogs, `Content-Language`
///   naming the locale served and `Accept-Language` added to `Vary`;
/// - 304 with no body when `If-None-Match` names the ETag;
/// - 404 (unknown screen), 406 (client older than the screen supports) or 500 (the screen built
///   from data breaks a rule) with an `application/problem+json` body (RFC 9457) that carries the
///   rule IDs and positions, never a stack trace.
public struct ScreenResponse: Sendable, Hashable {
    /// One response header.
    public struct Header: Sendable, Hashable {
        /// The header name.
        public let name: String
        /// The header value.
        public let value: String

        /// A header.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The HTTP status code.
    public var status: Int
    /// The response headers, in a fixed order.
    public var headers: [Header]
    /// The body (empty for 304).
    public var body: [UInt8]

    /// The request header the locale is negotiated from.
    public static let acceptLanguageHeaderName = "Accept-Language"

    /// The `Cache-Control` of catalog screens: shared caches may keep them a minute.
    public static let sharedCaching = "public, max-age=60"
    /// The `Cache-Control` of screens built from a user's data: only the client keeps them, and
    /// revalidates with `If-None-Match` before reuse.
    public static let privateCaching = "private, no-cache"

    /// A response of your own (for routes around the screens).
    public init(status: Int, headers: [Header], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The response for a rendered screen: 200, or 304 when `ifNoneMatch` names its ETag.
    ///
    /// A screen with experiments is resolved for one unit: it is always private to the user
    /// (`private, no-cache`, whatever `cacheControl` says), varies with the override header too,
    /// and names the arms served in `ScreenKit-Experiments`.
    ///
    /// A screen written in a locale (a renderer with String Catalogs) names it in
    /// `Content-Language` and varies with `Accept-Language` too. With a `release`, the last header
    /// (`ScreenKit-Release`) names it.
    public static func screen(
        _ rendered: RenderedScreen, ifNoneMatch: String?, cacheControl: String, release: String? = nil
    ) -> ScreenResponse {
        let experiments = !rendered.experiments.isEmpty
        let localized = rendered.locale != nil
        // The four `Vary` values as constants: one header array is all a response allocates.
        let vary =
            switch (experiments, localized) {
            case (false, false): varyContract
            case (false, true): varyContractLanguage
            case (true, false): varyContractArm
            case (true, true): varyContractArmLanguage
            }
        var headers: [Header] = []
        headers.reserveCapacity(8)
        headers.append(Header(name: "Content-Type", value: "application/json"))
        headers.append(Header(name: "ETag", value: rendered.etag))
        headers.append(Header(name: "Cache-Control", value: experiments ? privateCaching : cacheControl))
        headers.append(Header(name: "Vary", value: vary))
        headers.append(Header(name: ClientContract.headerName, value: String(rendered.servedVersion)))
        if let locale = rendered.locale {
            let languages = rendered.fallbackLanguage.map { "\(locale), \($0)" } ?? locale
            headers.append(Header(name: "Content-Language", value: languages))
        }
        if experiments {
            headers.append(
                Header(
                    name: ExperimentContext.appliedHeaderName,
                    value: rendered.experiments.map(\.description).joined(separator: ", ")))
        }
        if let release { headers.append(Header(name: releaseHeaderName, value: release)) }
        if let ifNoneMatch, matches(ifNoneMatch, etag: rendered.etag) {
            headers.removeFirst()
            return ScreenResponse(status: 304, headers: headers, body: [])
        }
        return ScreenResponse(status: 200, headers: headers, body: rendered.bytes)
    }

    static let varyContract = ClientContract.headerName
    static let varyContractLanguage = [ClientContract.headerName, acceptLanguageHeaderName].joined(separator: ", ")
    static let varyContractArm = [ClientContract.headerName, ExperimentContext.overrideHeaderName].joined(
        separator: ", ")
    static let varyContractArmLanguage = [
        ClientContract.headerName, ExperimentContext.overrideHeaderName, acceptLanguageHeaderName,
    ].joined(separator: ", ")

    /// The header naming the release that answered.
    public static let releaseHeaderName = "ScreenKit-Release"

    /// The problem response for a render error; with a `release`, its last header names it.
    public static func problem(_ error: RenderError, release: String? = nil) -> ScreenResponse {
        let (kind, title): (String, String) =
            switch error {
            case .unknownScreen: ("unknown-screen", "No such screen")
            case .clientTooOld: ("client-too-old", "The app is too old for this screen")
            case .invalidScreen: ("invalid-screen", "The screen built from data is invalid")
            }
        var json = JSONWriter(style: .compact, capacity: 512)
        json.object { json in
            json.member("type", "urn:screenkit:problem:\(kind)")
            json.member("title", title)
            json.member("status", error.status)
            switch error {
            case .unknownScreen(let id):
                json.member("detail", error.description)
                json.member("screen", id)
            case .clientTooOld(let screen, let client, let minContract):
                json.member("detail", error.description)
                json.member("screen", screen)
                json.member("minContract", minContract)
                if case .version(let version) = client.advertised { json.member("clientContract", version) }
            case .invalidScreen(let screen, let problems):
                json.member(
                    "detail",
                    "screen \"\(screen)\" breaks \(problems.count) rule\(problems.count == 1 ? "" : "s") with this request's data; see problems"
                )
                json.member("screen", screen)
                json.array("problems") { json in
                    for problem in problems { write(problem, to: &json) }
                }
            }
        }
        var headers = [
            Header(name: "Content-Type", value: "application/problem+json"),
            Header(name: "Cache-Control", value: "no-store"),
            Header(name: "Vary", value: ClientContract.headerName),
        ]
        if let release { headers.append(Header(name: releaseHeaderName, value: release)) }
        return ScreenResponse(status: error.status, headers: headers, body: json.takeBytes())
    }

    private static func write(_ problem: RenderProblem, to json: inout JSONWriter) {
        json.object { json in
            json.member("rule", problem.diagnostic.rule)
            json.member("message", problem.message)
            json.member("path", ifPresent: problem.diagnostic.nodePath)
            if let location = problem.diagnostic.location {
                json.member("source", "\(RenderProblem.shortFile(location.file)):\(location.line):\(location.column)")
            }
            if let occurrence = problem.occurrence, let occurrences = problem.occurrences {
                json.member("occurrence", occurrence)
                json.member("occurrences", occurrences)
            }
        }
    }

    /// Whether an `If-None-Match` value names `etag` (weak comparison, as RFC 9110 asks; `*` matches).
    static func matches(_ ifNoneMatch: String, etag: String) -> Bool {
        for candidate in ifNoneMatch.split(separator: ",") {
            var tag = Substring(
                candidate.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag == etag { return true }
        }
        return false
    }
}
