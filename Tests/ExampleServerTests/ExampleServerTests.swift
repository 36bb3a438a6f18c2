import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenRendering
import ScreenTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example servers under `Examples/Servers` (Hummingbird 2 and Vapor 4), built from this
/// checkout and exercised over real HTTP on loopback: every screen for every contract version is
/// the bytes `build` writes, each negotiation case gets its documented status, conditional GET,
/// concurrency, a bad command line, `Accept-Language` and a graceful stop on SIGTERM.
@Suite(.integration("builds and runs the example servers"), .serialized, .buildsTheExampleServersEarly)
struct ExampleServerTests {
    /// The example app as `screenkit build` compiles it.
    static let built = ExampleApp.compact
    /// The renderer the servers hold, in process: the reference for the screens built per request.
    static let renderer = try! ScreenRenderer(
        catalog: App.catalog, history: .folder(ExampleApp.historyFolder),
        strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))

    @Test(arguments: ExampleServer.allCases)
    func everyCatalogScreenForEveryVersionIsBuildsVariant(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        for screen in Self.built.screens {
            for variant in screen.variants {
                let response = try await running.get(
                    "/screens/\(screen.id)", headers: [ClientContract.headerName: String(variant.contract)])
                #expect(response.status == 200, "\(server) \(screen.id)@\(variant.contract)")
                #expect(response.body == variant.envelope, "\(server) \(screen.id)@\(variant.contract)")
                #expect(response.header("Content-Type") == "application/json")
                #expect(
                    response.header("ETag")
                        == (try Self.renderer.render(screenID: screen.id, for: .version(variant.contract)).etag))
                // A screen with experiments is resolved per user: private, and varying with overrides.
                let shared = screen.experiments.isEmpty
                #expect(
                    response.header("Vary")
                        == (shared
                            ? "ScreenKit-Contract, Accept-Language"
                            : "ScreenKit-Contract, ScreenKit-Arm, Accept-Language"))
                #expect(response.header("Content-Language") == "en")
                #expect(
                    response.header("Cache-Control")
                        == (shared ? ScreenResponse.sharedCaching : ScreenResponse.privateCaching))
                #expect(response.header(ClientContract.headerName) == String(variant.contract))
            }
        }
        // The screen built per request from the demo store's data, for every version.
        let customer = Customer.demo(user: "ada", orders: 12)
        for version in Self.renderer.minContract...Self.renderer.current {
            let expected = try Self.renderer.render(OrdersScreen.screen(for: customer), for: .version(version))
            let response = try await running.get(
                "/screens/orders?user=ada&orders=12", headers: [ClientContract.headerName: String(version)])
            #expect(response.status == 200)
            #expect(response.body == expected.bytes, "\(server) orders@\(version)")
            #expect(response.header("Cache-Control") == ScreenResponse.privateCaching)
            #expect(response.header("Vary") == "ScreenKit-Contract, Accept-Language")
        }
        #expect(try running.stopGracefully() == 0, "\(server) did not stop cleanly on SIGTERM:\n\(running.output)")
        #expect(running.output.contains("stopped"))
    }

    @Test(arguments: ExampleServer.allCases)
    func eachNegotiationCaseGetsItsDocumentedStatus(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        let home = try #require(Self.built.screens.first { $0.id == "home" })
        let current = try #require(home.variants.last)
        let oldest = try #require(home.variants.first)

        // A newer client gets the current version.
        let newer = try await running.get("/screens/home", headers: [ClientContract.headerName: "99"])
        #expect(newer.status == 200 && newer.body == current.envelope)
        #expect(newer.header(ClientContract.headerName) == String(current.contract))

        // No header, or a malformed one: the screen's minContract, never an error.
        for header in [nil, "abc", "0", "2.0", "12345"] as [String?] {
            let response = try await running.get(
                "/screens/home", headers: header.map { [ClientContract.headerName: $0] } ?? [:])
            #expect(response.status == 200, "header \(header ?? "(none)")")
            #expect(response.body == oldest.envelope, "header \(header ?? "(none)")")
        }

        // A client older than the screen's minContract: 406 with a problem document.
        #expect(WhatsNewScreen.screen.minContract == 2)
        let tooOld = try await running.get("/screens/whats-new", headers: [ClientContract.headerName: "1"])
        #expect(tooOld.status == 406)
        #expect(tooOld.header("Content-Type") == "application/problem+json")
        let tooOldProblem = try tooOld.json()
        #expect(tooOldProblem["type"] as? String == "urn:screenkit:problem:client-too-old")
        #expect(tooOldProblem["minContract"] as? Int == 2)
        #expect(tooOldProblem["clientContract"] as? Int == 1)

        // An unknown screen: 404.
        let unknown = try await running.get("/screens/no-such-screen", headers: [:])
        #expect(unknown.status == 404)
        #expect(try unknown.json()["type"] as? String == "urn:screenkit:problem:unknown-screen")

        // A data error: 500, a problem naming the rule and where in the data it is; no stack trace.
        let broken = try await running.get("/screens/orders?user=broken", headers: [:])
        #expect(broken.status == 500)
        #expect(broken.header("Content-Type") == "application/problem+json")
        #expect(broken.header("Cache-Control") == "no-store")
        let problem = try broken.json()
        #expect(problem["type"] as? String == "urn:screenkit:problem:invalid-screen")
        let problems = try #require(problem["problems"] as? [[String: Any]])
        #expect(problems.count == 1)
        #expect(problems.first?["rule"] as? String == "id-duplicate")
        #expect((problems.first?["source"] as? String)?.hasPrefix("OrdersScreen.swift:") == true)
        #expect(problems.first?["occurrence"] as? Int == 2)
        #expect(problems.first?["occurrences"] as? Int == 3)
        #expect(!String(decoding: broken.body, as: UTF8.self).contains("/Screens/"), "a server path leaked")

        // A malformed query: 400.
        let badQuery = try await running.get("/screens/orders?orders=lots", headers: [:])
        #expect(badQuery.status == 400)

        // Accept-Language picks the locale: Polish, its plural form chosen by the number of orders.
        let polish = try await running.get(
            "/screens/orders?user=ada&orders=5", headers: [ClientContract.headerName: "2", "Accept-Language": "pl"])
        #expect(polish.status == 200)
        #expect(polish.header("Content-Language") == "pl")
        #expect(
            polish.body
                == (try Self.renderer.render(
                    OrdersScreen.screen(for: .demo(user: "ada", orders: 5)), for: .version(2), locale: "pl")).bytes)
        #expect(String(decoding: polish.body, as: UTF8.self).contains("Masz 5 zamówień"))
    }

    @Test(arguments: ExampleServer.allCases)
    func eachUserGetsTheirExperimentArmsAndOverridesNeedTheServersConsent(_ server: ExampleServer) async throws {
        let home = try #require(Self.built.screens.first { $0.id == "home" })
        let declarations = home.experiments
        #expect(declarations.map(\.name) == ["promo-order", "cart-reminder"])
        func combination(_ arms: ArmChoice) throws -> CompiledScreen.Combination {
            try #require(home.combinations.first { $0.arms == arms })
        }
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        for user in ["ada", "beta-grace", "linus", "beta-ken"] {
            let order = ExperimentAssignment.arm(of: declarations[0], unit: user)
            let flag = user.hasPrefix("beta-") ? "on" : "off"
            let response = try await running.get(
                "/screens/home?user=\(user)",
                headers: [ClientContract.headerName: "2", "ScreenKit-Arm": "promo-order=shipping-first"])
            #expect(response.status == 200)
            #expect(
                response.header("ScreenKit-Experiments") == "promo-order=\(order), cart-reminder=\(flag)", "\(user)")
            #expect(response.header("Cache-Control") == "private, no-cache")
            #expect(
                response.body == (try combination(["promo-order": order, "cart-reminder": flag])).variants[1].envelope)
        }
        // Without a user every experiment serves its control: the bytes screens/home publishes.
        let anonymous = try await running.get("/screens/home", headers: [ClientContract.headerName: "2"])
        #expect(anonymous.body == home.variants[1].envelope)
        #expect(anonymous.header("ScreenKit-Experiments") == "promo-order=control, cart-reminder=off")

        // A server started for QA honours the override.
        let qa = try await RunningServer.start(server, ["--allow-overrides"])
        defer { qa.stop() }
        let forced = try await qa.get(
            "/screens/home?user=ada",
            headers: [ClientContract.headerName: "2", "ScreenKit-Arm": "promo-order=shipping-first, cart-reminder=on"])
        #expect(forced.header("ScreenKit-Experiments") == "promo-order=shipping-first, cart-reminder=on")
        #expect(
            forced.body
                == (try combination(["promo-order": "shipping-first", "cart-reminder": "on"])).variants[1].envelope)
    }

    @Test(arguments: ExampleServer.allCases)
    func aConditionalGETWithTheETagIsNotModifiedWithNoBody(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        for path in ["/screens/home", "/screens/orders?user=ada"] {
            let first = try await running.get(path, headers: [ClientContract.headerName: "2"])
            let etag = try #require(first.header("ETag"))
            let again = try await running.get(
                path, headers: [ClientContract.headerName: "2", "If-None-Match": etag])
            #expect(again.status == 304, "\(server) \(path)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == etag)
            // Another version's ETag does not match.
            let other = try await running.get(
                path, headers: [ClientContract.headerName: "1", "If-None-Match": etag])
            #expect(other.status == 200, "\(server) \(path)")
        }
    }

    @Test(arguments: ExampleServer.allCases)
    func thirtyTwoConcurrentRequestsGetThirtyTwoCorrectBodies(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        let expected = try (0..<32).map { index in
            try Self.renderer.render(
                OrdersScreen.screen(for: .demo(user: "user\(index)", orders: index * 5)),
                for: .version(1 + index % 2)
            ).bytes
        }
        // A group whose tasks never throw: a throwing group would cancel the URLSession requests
        // still in flight when one fails, and swift-corelibs-foundation's URLSession deadlocks when
        // a request is cancelled as it completes (swiftlang/swift-corelibs-foundation#5412).
        let bodies = await withTaskGroup(of: (Int, Result<RunningServer.Response, any Error>).self) { group in
            for index in 0..<32 {
                group.addTask {
                    let path = "/screens/orders?user=user\(index)&orders=\(index * 5)"
                    do {
                        return (
                            index,
                            .success(
                                try await running.get(path, headers: [ClientContract.headerName: String(1 + index % 2)])
                            )
                        )
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var bodies: [Int: (Int, [UInt8])] = [:]
            for await (index, result) in group {
                switch result {
                case .success(let response): bodies[index] = (response.status, response.body)
                case .failure(let error): Issue.record("request \(index) failed: \(error)")
                }
            }
            return bodies
        }
        #expect(bodies.count == 32)
        for index in 0..<32 {
            #expect(bodies[index]?.0 == 200, "request \(index)")
            #expect(bodies[index]?.1 == expected[index], "request \(index)")
        }
    }

    @Test(arguments: ExampleServer.allCases)
    func theBaselineRoutesServeTheSamePayload(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        // The benchmark's baselines carry the screen's content for current clients: the
        // pre-encoded route ScreenKit's bytes, the Codable + JSONEncoder route the same JSON value
        // in sorted-key order.
        let orders = try Self.renderer.render(
            OrdersScreen.screen(for: .demo(user: "guest", orders: 272)), for: .version(Self.renderer.current))
        let home = try Self.renderer.render(screenID: "home", for: .version(Self.renderer.current))
        for (path, expected) in [("orders?orders=272", orders.bytes), ("home", home.bytes)] {
            let codable = try await running.get("/codable/\(path)", headers: [ClientContract.headerName: "2"])
            let preEncoded = try await running.get("/static/\(path)", headers: [:])
            #expect(codable.status == 200 && preEncoded.status == 200, "\(server) \(path)")
            #expect(preEncoded.body == expected, "\(server) /static/\(path)")
            let same = try JSONSerialization.jsonObject(with: Data(codable.body)) as? NSDictionary
            #expect(same == (try JSONSerialization.jsonObject(with: Data(expected)) as? NSDictionary), "\(path)")
        }
        #expect(try await running.get("/static/orders?orders=3", headers: [:]).status == 404)
        #expect(try await running.get("/codable/settings", headers: [:]).status == 404)
    }

    /// A list header may come split over repeated fields (RFC 9110 §5.3): the servers read one
    /// list, as if the values were joined with commas.
    @Test(arguments: ExampleServer.allCases)
    func aHeaderRepeatedOverSeveralFieldsIsReadAsOneList(_ server: ExampleServer) async throws {
        let running = try await RunningServer.start(server)
        defer { running.stop() }
        let python = try TestPython.interpreter.get()
        let script = """
            import http.client, sys
            connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
            connection.putrequest("GET", "/screens/home")
            connection.putheader("ScreenKit-Contract", "2")
            connection.putheader("Accept-Language", "ja")
            connection.putheader("Accept-Language", "pl;q=0.5")
            connection.endheaders()
            response = connection.getresponse()
            response.read()
            print(response.status, response.getheader("Content-Language"))
            """
        let (status, output) = TestPython.run(python, ["-c", script, String(running.port)])
        #expect(status == 0, "\(server): \(output)")
        // Only the first field would get `ja`, which is not served: the source language, en.
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "200 pl", "\(server): \(output)")
    }

    @Test(arguments: ExampleServer.allCases)
    func aBadCommandLineIsAUsageError(_ server: ExampleServer) async throws {
        for arguments in [["--port", "abc"], ["--port"], ["--bogus", "1"]] {
            let (status, output) = try await ExampleServer.run(server, arguments)
            #expect(status == 2, "\(server) \(arguments): \(output)")
            #expect(output.contains("USAGE"), "\(server) \(arguments): \(output)")
        }
        let (status, output) = try await ExampleServer.run(server, ["--help"])
        #expect(status == 0 && output.contains("USAGE"), "\(server) --help: \(output)")
        #expect(output.contains("[--records PATH]"))
        // A records file that cannot be written: the server refuses to start, saying why.
        let (refused, why) = try await ExampleServer.run(server, ["--records", "/nonexistent-folder/records.jsonl"])
        #expect(refused == 1, "\(server): \(why)")
        #expect(why.contains("records.jsonl"), "\(server): \(why)")
    }
}
