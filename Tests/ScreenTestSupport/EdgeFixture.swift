import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenKit
import ScreenRendering
import Testing

/// The example app as `build` writes its bucket, the edge router of that bucket, the renderer the
/// example servers run (overrides allowed), and the requests both are asked.
public enum EdgeFixture {
    /// The example app, with its "What's new" screen (from contract 2) as a catalog screen, so
    /// that old clients get 406.
    public static let catalog: Catalog = {
        var catalog = App.catalog
        catalog.screens.append(WhatsNewScreen.screen)
        return catalog
    }()

    /// The app compiled with its String Catalog and locales, as `build` does.
    public static let result: CompileResult = {
        let result = ExampleApp.compileLocalized(catalog)
        precondition(!result.hasErrors, "\(result.diagnostics)")
        return result
    }()

    /// The bucket `build` writes for it.
    public static let layout: BucketLayout = {
        BucketLayout(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
            locales: result.locales)
    }()

    /// Each object's bytes by SHA-256.
    public static let objects = objects(of: layout)

    /// The bytes of each object of `layout` by SHA-256.
    public static func objects(of layout: BucketLayout) -> [String: [UInt8]] {
        var objects: [String: [UInt8]] = [:]
        for (path, bytes) in layout.files where path.hasPrefix("objects/") {
            objects[String(path.dropFirst("objects/".count).dropLast(".json".count))] = bytes
        }
        return objects
    }

    /// The router, taking the unit from the `user` query parameter as the example servers do
    /// (or from `unit`, which a harness fills with the same value).
    public static func router(
        unit: EdgeRouter.UnitSource = .query("user"), allowsOverrides: Bool = true, records: Bool = false
    ) throws -> EdgeRouter {
        try EdgeRouter(
            manifest: layout.manifest, manifestHash: layout.manifestHash, objects: objects,
            options: EdgeRouter.Options(unit: unit, allowsOverrides: allowsOverrides, records: records),
            fallbacks: records ? EdgeFallbacks(manifest: layout.manifest, screens: result.screens) : nil)
    }

    /// The renderer of the example servers.
    public static func renderer(allowsOverrides: Bool = true) throws -> ScreenRenderer {
        try ScreenRenderer(
            catalog: catalog, history: .embedded(EmbeddedContractHistory.files), allowsOverrides: allowsOverrides,
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
    }

    /// One request: the path's screen segment as sent and as the server reads it, and the headers.
    public struct Request: Sendable, CustomStringConvertible {
        /// The segment after `/screens/`, percent-encoded as sent.
        public var segment: String
        /// The screen ID the server reads from it.
        public var screenID: String
        public var user: String?
        public var contract: String?
        public var acceptLanguage: String?
        public var arm: String?
        public var ifNoneMatch: String?

        /// `/screens/<segment>?user=…`.
        public var path: String {
            var path = "/screens/" + segment
            if let user {
                path += "?user=" + (user.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? user)
            }
            return path
        }

        /// A request; absent headers are nil.
        public init(
            segment: String, screenID: String, user: String? = nil, contract: String? = nil,
            acceptLanguage: String? = nil, arm: String? = nil, ifNoneMatch: String? = nil
        ) {
            self.segment = segment
            self.screenID = screenID
            self.user = user
            self.contract = contract
            self.acceptLanguage = acceptLanguage
            self.arm = arm
            self.ifNoneMatch = ifNoneMatch
        }

        /// The request headers.
        public var headers: [String: String] {
            var headers: [String: String] = [:]
            headers["ScreenKit-Contract"] = contract
            headers["Accept-Language"] = acceptLanguage
            headers["ScreenKit-Arm"] = arm
            headers["If-None-Match"] = ifNoneMatch
            return headers
        }

        public var description: String {
            "\(path) contract=\(contract ?? "-") lang=\(acceptLanguage.map { String($0.prefix(30)) } ?? "-") arm=\(arm ?? "-") inm=\(ifNoneMatch ?? "-")"
        }

        /// What the renderer answers.
        public func expected(from renderer: ScreenRenderer) -> ScreenResponse {
            renderer.respond(
                screenID: screenID, contractHeader: contract, ifNoneMatch: ifNoneMatch,
                experiments: ExperimentContext(unit: user, overrides: ExperimentContext.parseOverrides(arm)),
                acceptLanguage: acceptLanguage)
        }
    }

    /// The headers ScreenKit sets, compared one by one (the engines add their own: Date, Server…).
    public static let comparedHeaders = [
        "Content-Type", "ETag", "Cache-Control", "Vary", "ScreenKit-Contract", "Content-Language",
        "ScreenKit-Experiments", "ScreenKit-Release",
    ]

    public static let contracts: [String?] = [nil, "1", "2", "3", "99", "0", "abc", " 2\t", "12345", "-1"]
    public static let languages: [String?] = [
        nil, "de", "fr", "pl", "en", "de-AT", "pt-BR, fr;q=0.9", "fr;q=0, pl;q=0.5", "*", "xx;q=abc, ,,;q=2",
        "DE-de;q=0.8,PL;q=0.9", String(repeating: "de,", count: 1400),
        // Truncation past a single-letter subtag, an order the qualities reverse, malformed ranges.
        "de-1996-a-b,fr;q=0.1", "zh-Hant-TW;q=0.5,pl-x-y;q=0.6",
        "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q, de-abcdefghi, fr-CH",
    ]

    /// Every catalog screen × contract header × Accept-Language; the experiment screen for several
    /// units and arm headers; unknown and hostile screen IDs.
    public static var requests: [Request] {
        var requests: [Request] = []
        for id in layout.manifest.screens.map(\.id) {
            let experiments = !(layout.manifest.screens.first { $0.id == id }?.experiments.isEmpty ?? true)
            let users: [String?] = experiments ? [nil, "ada", "user-1", "beta-7", "", "ü", "u42", "grace"] : [nil]
            let arms: [String?] = experiments ? [nil, "promo-order=shipping-first", "promo-order=nope, x"] : [nil]
            for contract in contracts {
                for language in languages {
                    for user in users {
                        for arm in arms {
                            requests.append(
                                Request(
                                    segment: id, screenID: id, user: user, contract: contract,
                                    acceptLanguage: language, arm: arm))
                        }
                    }
                }
            }
        }
        let hostile: [(String, String)] = [
            ("nope", "nope"), ("%2E%2E%2Fpointer.json", "../pointer.json"),
            ("..%2F..%2Fetc%2Fpasswd", "../../etc/passwd"),
            ("home%2F..%2Fsettings", "home/../settings"), ("%22quoted%22%5C", "\"quoted\"\\"), ("%C3%A9cran", "écran"),
            ("a%00b", "a\u{0}b"), ("%E2%80%A8", "\u{2028}"),
            (String(repeating: "x", count: 3000), String(repeating: "x", count: 3000)),
            ("orders", "orders"), ("HOME", "HOME"), ("home%20", "home "),
        ]
        for (segment, id) in hostile {
            for contract in [nil, "2", "abc"] as [String?] {
                requests.append(Request(segment: segment, screenID: id, contract: contract, acceptLanguage: "de"))
            }
        }
        return requests
    }

    /// Every `step`-th of `requests` that the renderer answers with an ETag, sent again with it.
    public static func revalidations(of requests: [Request], every step: Int, _ renderer: ScreenRenderer) -> [Request] {
        stride(from: 0, to: requests.count, by: step).compactMap { index in
            guard let etag = requests[index].expected(from: renderer).header("ETag") else { return nil }
            var again = requests[index]
            again.ifNoneMatch = etag
            return again
        }
    }

    /// Compares an engine's answer with the renderer's; records an issue per difference.
    public static func compare(
        _ request: Request, expected: ScreenResponse, status: Int, headers: [String: String], body: [UInt8],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(status == expected.status, "\(request)", sourceLocation: sourceLocation)
        #expect(
            body == expected.body, "\(request): \(String(decoding: body.prefix(200), as: UTF8.self))",
            sourceLocation: sourceLocation)
        for name in comparedHeaders where !(name == "Content-Type" && status == 304) {
            #expect(
                headers[name.lowercased()] == expected.header(name), "\(name) for \(request)",
                sourceLocation: sourceLocation)
        }
    }

    /// One answer an engine gave: status, headers (lowercase names) and body.
    public typealias Response = (status: Int, headers: [String: String], body: [UInt8])

    /// A harness script in `Tests/Support` that Node runs: it failed, with its output.
    public struct HarnessFailed: Error, CustomStringConvertible {
        /// What it printed.
        public let description: String
    }

    /// Runs `Tests/Support/<script>` under Node with `arguments`, then the requests file (each
    /// request's path and headers) and the file it writes its JSON answer to, in `folder`.
    public static func runNode(
        _ script: String, _ arguments: [String], requests: [Request], in folder: URL
    ) throws -> Any {
        let node = try ExternalTool.node.require()[0]
        let input = folder.appendingPathComponent("requests.json")
        let output = folder.appendingPathComponent("answers.json")
        let list = requests.map { ["path": $0.path, "headers": $0.headers] as [String: Any] }
        try JSONSerialization.data(withJSONObject: list).write(to: input)
        let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/\(script)")
        let result = TestPython.run(node, [harness.path] + arguments + [input.path, output.path])
        guard result.status == 0 else { throw HarnessFailed(description: result.output) }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: output))
    }

    /// The `responses` of a harness's answer: status, headers and base64 body each.
    public static func responses(in answer: Any) -> [Response] {
        ((answer as? [String: Any])?["responses"] as? [[String: Any]] ?? []).map { response in
            (
                status: response["status"] as? Int ?? 0,
                headers: (response["headers"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String },
                body: [UInt8](Data(base64Encoded: response["body"] as? String ?? "") ?? Data())
            )
        }
    }
}

/// Two releases of the example app for canary tests: the stable one (``EdgeFixture/layout``, with
/// its "What's new" screen) and a canary without that screen, each with its renderer, and a router
/// serving the canary to `basisPoints` of the units.
public enum CanaryFixture {
    /// The canary's catalog: the example app as it ships, without "What's new".
    public static let catalog = App.catalog

    /// The canary compiled with its String Catalog and locales.
    public static let result: CompileResult = {
        let result = ExampleApp.compileLocalized(catalog)
        precondition(!result.hasErrors, "\(result.diagnostics)")
        return result
    }()

    /// The canary's bucket.
    public static let layout: BucketLayout = {
        BucketLayout(
            screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes,
            locales: result.locales)
    }()

    /// The canary's renderer.
    public static func renderer() throws -> ScreenRenderer {
        try ScreenRenderer(
            catalog: catalog, history: .embedded(EmbeddedContractHistory.files), allowsOverrides: true,
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
    }

    /// The pointer's canary: this release at `basisPoints`.
    public static func canary(basisPoints: Int) -> Pointer.Canary {
        Pointer.Canary(manifest: layout.manifestHash, basisPoints: basisPoints)
    }

    /// The router serving the stable release and this canary at `basisPoints` (unit from `unit`).
    public static func router(
        basisPoints: Int, unit: EdgeRouter.UnitSource = .query("user"), records: Bool = false
    ) throws -> EdgeRouter {
        let options = EdgeRouter.Options(unit: unit, allowsOverrides: true, records: records)
        let stable = try EdgeRouter(
            manifest: EdgeFixture.layout.manifest, manifestHash: EdgeFixture.layout.manifestHash,
            objects: EdgeFixture.objects, options: options,
            fallbacks: records
                ? EdgeFallbacks(manifest: EdgeFixture.layout.manifest, screens: EdgeFixture.result.screens) : nil)
        let canary = try EdgeRouter(
            manifest: layout.manifest, manifestHash: layout.manifestHash, objects: EdgeFixture.objects(of: layout),
            options: options,
            fallbacks: records ? EdgeFallbacks(manifest: layout.manifest, screens: result.screens) : nil)
        let share = Self.canary(basisPoints: basisPoints)
        return EdgeRouter(
            manifest: EdgeFixture.layout.manifest, table: stable.table, options: options,
            canary: EdgeRouter.Canary(
                table: canary.table, basisPoints: basisPoints, salt: share.salt, locales: layout.manifest.locales))
    }

    /// `count` seeded requests, one unit each (a few without one), across screens, versions and
    /// languages.
    public static func requests(count: Int, seed: UInt64) -> [EdgeFixture.Request] {
        var random = SplitMix64(seed: seed)
        let screens = ["home", "whats-new", "sign-in", "product-aeropress", "nope"]
        return (0..<count).map { index in
            let screen = screens.randomElement(using: &random)!
            let user: String? = index % 50 == 7 ? nil : "unit-\(random.next() % 1_000_000_000)"
            return EdgeFixture.Request(
                segment: screen, screenID: screen, user: user,
                contract: ["1", "2", "3", nil].randomElement(using: &random)!,
                acceptLanguage: ["de", "pl,en;q=0.5", nil, "fr-CA"].randomElement(using: &random)!)
        }
    }
}
