import ExampleProfiles
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// The route response a headless CMS's client reads, decoded strictly: every member required, no
/// member unknown, the composition's components and their wrapped parameters as that client reads
/// them.
struct RouteResponse: Decodable {
    let type: String
    let matchedRoute: String
    let compositionApiResponse: CompositionAPIResponse

    struct CompositionAPIResponse: Decodable {
        let composition: Composition
    }

    struct Composition: Decodable {
        let slots: [String: [SlotComponent]]
    }

    struct SlotComponent: Decodable {
        let type: String
        let parameters: [String: Parameter]
        let slots: [String: [SlotComponent]]?
    }

    /// A parameter: `{"type": "text", "value": "…"}`, or a link `{"type": "link", "value": {"path", "type"}}`.
    struct Parameter: Decodable {
        let type: String
        let text: String?
        let link: Link?

        struct Link: Decodable, Equatable {
            let path: String
            let type: String
        }

        private enum Key: String, CodingKey { case type, value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            try Exact.keys(decoder, ["type", "value"])
            type = try container.decode(String.self, forKey: .type)
            if type == "link" {
                link = try container.decode(Link.self, forKey: .value)
                text = nil
            } else {
                text = try container.decode(String.self, forKey: .value)
                link = nil
            }
        }
    }

    private enum Key: String, CodingKey { case type, matchedRoute, compositionApiResponse }

    init(from decoder: any Decoder) throws {
        try Exact.keys(decoder, ["type", "matchedRoute", "compositionApiResponse"])
        let container = try decoder.container(keyedBy: Key.self)
        type = try container.decode(String.self, forKey: .type)
        matchedRoute = try container.decode(String.self, forKey: .matchedRoute)
        compositionApiResponse = try container.decode(CompositionAPIResponse.self, forKey: .compositionApiResponse)
        guard type == "composition", matchedRoute.hasPrefix("/") else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a composition route"))
        }
    }

    /// Every component, nested ones included.
    var components: [SlotComponent] {
        func all(_ items: [SlotComponent]) -> [SlotComponent] {
            items.flatMap { [$0] + all(($0.slots ?? [:]).values.flatMap { $0 }) }
        }
        return all(compositionApiResponse.composition.slots.values.flatMap { $0 })
    }
}

/// Refuses an object holding keys other than the expected ones.
enum Exact {
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func keys(_ decoder: any Decoder, _ expected: Set<String>) throws {
        let found = Set(try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue))
        guard found == expected else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "keys \(found.sorted()), expected \(expected.sorted())"))
        }
    }
}

/// The route-response example: a profile writing constant envelope members and each screen's
/// route, every variant a complete route response; per-screen values validated.
@Suite struct RouteResponseTests {
    @Test func everyVariantDecodesAsAFullRouteResponseWithItsScreensRoute() throws {
        let result = ProfileExample.route.compile()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.screens.map(\.id) == ["home", "sale"])
        var decoded = 0
        for screen in result.screens {
            let route = RouteApp.catalog.screens.first { $0.id == screen.id }!.envelopeValues["route"]
            for variant in screen.variants {
                let response = try JSONDecoder().decode(RouteResponse.self, from: Data(variant.envelope))
                #expect(response.matchedRoute == route)
                let types = Set(response.components.map(\.type))
                #expect(types.isSubset(of: Set(RouteApp.components.map(\.type))))
                #expect(types.contains("heroCarousel") == (variant.contract == 2 && screen.id == "home"))
                decoded += 1
            }
            let text = String(decoding: screen.variants[0].envelope, as: UTF8.self)
            #expect(
                text.hasPrefix(
                    #"{"type":"composition","matchedRoute":"\#(route!)","compositionApiResponse":{"composition":{"slots":{"mainContent":[{"type":"#
                ), "\(text)")
        }
        #expect(decoded == 4)
    }

    @Test(.integration("the reference clients")) func theCompositionInsideDecodesWithTheCompositionClient() throws {
        let result = ProfileExample.route.compile()
        for version in [1, 2] {
            let payloads = try result.screens.map { screen -> (String, [UInt8]) in
                let response = try JSONSerialization.jsonObject(with: Data(screen.variant(for: version)!.envelope))
                let inner = try JSONSerialization.data(
                    withJSONObject: ((response as! [String: Any])["compositionApiResponse"])!)
                return ("\(screen.id)@\(version).json", Array(inner))
            }
            let known = CompositionApp.registry[version]!
            let (status, output) = try ReferenceClient.run(
                "uniform-client", ["--knows", known.joined(separator: ",")], payloads: payloads)
            #expect(status == 0, "\(output)")
        }
    }

    @Test func theStrictDecoderRefusesAResponseMissingAMemberOrWithAnUnknownOne() throws {
        let variant = ProfileExample.route.compile().screens[0].variants[0].envelope
        let text = String(decoding: variant, as: UTF8.self)
        #expect(throws: Never.self) { try JSONDecoder().decode(RouteResponse.self, from: Data(variant)) }
        for broken in [
            text.replacingOccurrences(of: #""matchedRoute":"/v1/home","#, with: ""),
            text.replacingOccurrences(of: #""type":"composition","#, with: ""),
            text.replacingOccurrences(of: #"{"type":"composition","#, with: #"{"type":"composition","id":"home","#),
            text.replacingOccurrences(of: #""parameters":"#, with: #""data":"#),
        ] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(RouteResponse.self, from: Data(broken.utf8))
            }
        }
    }

    @Test func aScreenMustDeclareEachValueTheProfileWritesAndOnlyThose() {
        func problems(_ screen: Screen) -> [String] {
            var catalog = RouteApp.catalog
            catalog.screens = [screen, RouteApp.sale]
            return Compiler(catalog: catalog).compile(
                CompileOptions(history: ProfileExample.route.history.versions.map(\.contract))
            ).diagnostics.filter { $0.rule == "envelope-value-invalid" }.map(\.message)
        }
        var missing = RouteApp.home
        missing.envelopeValues = [:]
        #expect(
            problems(missing) == [
                #"screen "home": the wire profile "route-response" writes the screen's "route" into the envelope, but the screen declares none: add `.envelopeValue("route", …)`"#
            ])
        #expect(
            problems(RouteApp.home.envelopeValue("rout", "/v1/home")) == [
                #"screen "home": envelope value "rout" is written by no wire profile (they read "route")"#
            ])
        #expect(
            problems(RouteApp.home.envelopeValue("route", "")) == [#"screen "home": envelope value "route" is empty"#])
        #expect(
            problems(RouteApp.home.envelopeValue("route", "/v1/\u{7}")) == [
                #"screen "home": envelope value "route" holds a control character"#
            ])
        #expect(problems(RouteApp.home.envelopeValue("route", "/" + String(repeating: "a", count: 1024))).count == 1)
        // The flat format reads none.
        #expect(
            Compiler(
                catalog: {
                    var catalog = RouteApp.catalog
                    catalog.profile = .flat
                    catalog.screens = [RouteApp.home]
                    return catalog
                }()
            ).check().map(\.rule).contains("envelope-value-invalid"))
    }

    @Test func theRouteIsWrittenEscapedByTheOneWriter() throws {
        var catalog = RouteApp.catalog
        catalog.screens = [RouteApp.home.envelopeValue("route", "/v1/\"quoted\"/\u{2028}")]
        let result = Compiler(catalog: catalog).compile(
            CompileOptions(history: ProfileExample.route.history.versions.map(\.contract)))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let text = String(decoding: result.screens[0].variants[0].envelope, as: UTF8.self)
        #expect(text.contains(#""matchedRoute":"/v1/\"quoted\"/\u2028""#), "\(text)")
    }
}
