import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenCrypto
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenRendering

/// The request-time renderer: start-up checks, negotiation, per-request validation, responses.
@Suite struct ScreenRendererTests {
    static let renderer = try! ScreenRenderer(catalog: App.catalog, history: .folder(ExampleApp.historyFolder))

    /// The example catalog plus the orders screen for `customer`, compiled as `build` compiles it.
    static func built(_ customer: Customer) -> CompiledScreen? {
        var catalog = App.catalog
        catalog.externalScreens.remove(OrdersScreen.id)
        catalog.screens.append(OrdersScreen.screen(for: customer))
        return ExampleApp.compile(catalog).screens.first { $0.id == OrdersScreen.id }
    }

    // MARK: The same bytes as build

    @Test func catalogScreensAreBuildsVariantsFromAFolderAndFromTheEmbeddedHistory() throws {
        let embedded = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        #expect(embedded.historyHashes == ExampleApp.historyHashes)
        #expect(Self.renderer.catalogScreenIDs == ExampleApp.compact.screens.map(\.id).sorted())
        for screen in ExampleApp.compact.screens {
            for variant in screen.variants {
                for renderer in [Self.renderer, embedded] {
                    let rendered = try renderer.render(screenID: screen.id, for: .version(variant.contract))
                    #expect(rendered.bytes == variant.envelope, "\(screen.id)@\(variant.contract)")
                    #expect(rendered.servedVersion == variant.contract)
                    #expect(rendered.etag == ETagOf.bytes(variant.envelope))
                }
            }
        }
    }

    @Test func everyCatalogScreenThroughThePerRequestPathIsBuildsVariant() throws {
        for screen in App.catalog.screens {
            let compiled = try #require(ExampleApp.compact.screens.first { $0.id == screen.id })
            for variant in compiled.variants {
                let rendered = try Self.renderer.render(screen, for: .version(variant.contract))
                #expect(rendered.bytes == variant.envelope, "\(screen.id)@\(variant.contract)")
                #expect(rendered.downgrades == variant.downgrades, "\(screen.id)@\(variant.contract)")
            }
        }
    }

    @Test func aScreenBuiltFromDataIsByteForByteWhatBuildWritesForEveryVersion() throws {
        for count in [0, 1, 7, 40] {
            let customer = Customer.sample(orders: count)
            let compiled = try #require(Self.built(customer))
            for variant in compiled.variants {
                let rendered = try Self.renderer.render(
                    OrdersScreen.screen(for: customer), for: .version(variant.contract))
                #expect(rendered.bytes == variant.envelope, "\(count) orders @\(variant.contract)")
                #expect(rendered.downgrades == variant.downgrades)
            }
        }
        // Version 1 clients get the display style mapped and maxLines left out; the envelope of
        // version 2 says so.
        let v1 = try Self.renderer.render(OrdersScreen.screen(for: .sample()), for: .version(1))
        let text = String(decoding: v1.bytes, as: UTF8.self)
        #expect(text.contains("\"style\":\"largeTitle\"") && !text.contains("maxLines"))
        _ = try decodeAsClient(v1.bytes, version: 1)
    }

    @Test func renderingFromManyTasksIsByteIdenticalToOneByOne() async throws {
        let customers = (0..<16).map { Customer.sample(name: "user\($0)", orders: $0 * 3) }
        var sequential: [[UInt8]] = []
        for customer in customers {
            for version in 1...2 {
                sequential.append(
                    try Self.renderer.render(OrdersScreen.screen(for: customer), for: .version(version)).bytes)
            }
        }
        let renderer = Self.renderer
        let concurrent = try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            for round in 0..<4 {
                for (index, customer) in customers.enumerated() {
                    for version in 1...2 {
                        group.addTask {
                            let slot = index * 2 + version - 1
                            _ = round
                            return (
                                slot,
                                try renderer.render(OrdersScreen.screen(for: customer), for: .version(version)).bytes
                            )
                        }
                    }
                }
            }
            var results: [(Int, [UInt8])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(concurrent.count == sequential.count * 4)
        for (slot, bytes) in concurrent { #expect(bytes == sequential[slot], "slot \(slot)") }
    }

    // MARK: Negotiation

    @Test func theContractHeaderIsParsedAndNeverFails() {
        #expect(ClientContract.parse("2").advertised == .version(2))
        #expect(ClientContract.parse(" 1\t").advertised == .version(1))
        #expect(ClientContract.parse("0042").advertised == .version(42))
        #expect(ClientContract.parse(nil).advertised == .missing)
        for bad in [
            "", " ", "abc", "2.0", "-1", "0", "+2", "99999", "1 2", "٣", "2;q=1", String(repeating: "9", count: 500),
        ] {
            guard case .malformed = ClientContract.parse(bad).advertised else {
                Issue.record("\(bad) was not malformed")
                continue
            }
        }
        #expect(ClientContract.headerName == "ScreenKit-Contract")
    }

    @Test func eachNegotiationCase() throws {
        let renderer = Self.renderer
        // Newer clients get the current version.
        #expect(try renderer.render(screenID: "home", for: .version(7)).servedVersion == 4)
        #expect(try renderer.render(OrdersScreen.screen(for: .sample()), for: .version(9)).servedVersion == 4)
        // Missing and malformed headers get the oldest supported version.
        #expect(try renderer.render(screenID: "home", for: .parse(nil)).servedVersion == 1)
        #expect(try renderer.render(screenID: "home", for: .parse("two")).servedVersion == 1)
        // Older than the screen's minContract: a typed error with a documented status.
        let modern = Screen("modern", minContract: 2) { Text("Only for contract 2", id: "t") }
        #expect(throws: RenderError.clientTooOld(screen: "modern", client: .version(1), minContract: 2)) {
            try renderer.render(modern, for: .version(1))
        }
        #expect(RenderError.clientTooOld(screen: "modern", client: .version(1), minContract: 2).status == 406)
        #expect(try renderer.render(modern, for: .parse("x")).servedVersion == 2)
        // An unknown screen.
        #expect(throws: RenderError.unknownScreen("nope")) { try renderer.render(screenID: "nope", for: .version(1)) }
        #expect(RenderError.unknownScreen("nope").status == 404)
    }

    // MARK: Data errors

    @Test func aDataErrorIsATypedErrorWithTheRuleAndTheDatasPosition() throws {
        var orders = Customer.sample(orders: 6).orders
        // The fifth order repeats the second's number, and the fourth has a bad tracking link.
        orders[4] = Customer.Order(
            number: orders[1].number, sku: "grinder", quantity: 1, total: "€1.00", shipped: true,
            trackingURL: "https://track.example.com/x")
        orders[3] = Customer.Order(
            number: "A9", sku: "kettle", quantity: 1, total: "€2.00", shipped: true, trackingURL: "javascript:alert(1)")
        let customer = Customer(name: "", orders: orders)
        do {
            _ = try Self.renderer.render(OrdersScreen.screen(for: customer), for: .version(2))
            Issue.record("an invalid screen rendered")
        } catch {
            guard case .invalidScreen(let id, let problems) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(id == "orders")
            #expect(error.status == 500)
            let rules = problems.map(\.diagnostic.rule)
            #expect(rules.contains("id-duplicate"))
            #expect(rules.contains("url-invalid"))
            let duplicate = try #require(problems.first { $0.diagnostic.rule == "id-duplicate" })
            #expect(duplicate.diagnostic.message.contains("\"order-\(orders[1].number)\""))
            #expect(duplicate.occurrence == 5 && duplicate.occurrences == 6, "\(duplicate)")
            #expect(duplicate.description.contains("node 5 of 6 written at OrdersScreen.swift:"))
            let url = try #require(problems.first { $0.diagnostic.rule == "url-invalid" })
            #expect(url.diagnostic.nodePath?.hasSuffix("order-A9/track-A9") == true, "\(url)")
            #expect(url.occurrence == 3, "\(url)")  // the third Track button: orders 0 and 3 are unshipped
            let problem = ScreenResponse.problem(error)
            #expect(problem.status == 500)
            #expect(problem.header("Content-Type") == "application/problem+json")
            let body = String(decoding: problem.body, as: UTF8.self)
            #expect(body.hasPrefix(#"{"type":"urn:screenkit:problem:invalid-screen","title":"#))
            #expect(body.contains(#""rule":"id-duplicate""#) && body.contains(#""occurrence":5,"occurrences":6"#))
            #expect(!body.contains("/work/") && !body.contains(ExampleApp.root.path))
        }
    }

    /// The rules that hit `screen`, or nil when it renders.
    func rules(_ screen: Screen) -> [String]? {
        do {
            _ = try Self.renderer.render(screen, for: .version(2))
            return nil
        } catch {
            guard case .invalidScreen(_, let problems) = error else { return ["\(error)"] }
            return problems.map(\.diagnostic.rule)
        }
    }

    @Test func dataBreakingEachKindOfRuleIsRejectedNamingTheRule() throws {
        let card = { (title: String, url: String) in
            ProductCard(title: title, price: "€1", imageURL: url, id: "card", action: .navigate(to: "home"))
        }
        #expect(rules(Screen("hello") { card("", "https://cdn.example.com/a.jpg") }) == ["string-empty"])
        // The card's URL and its fallback image's: both reported.
        #expect(rules(Screen("hello") { card("A", "data:image/png;base64,AA") }) == ["url-invalid", "url-invalid"])
        #expect(rules(Screen("hello") { Spacer(height: .nan) }) == ["number-not-finite"])
        #expect(
            rules(Screen("hello") { Button("Go", id: "go", action: .navigate(to: "nowhere")) }) == ["reference-unknown"]
        )
        #expect(
            rules(Screen("hello") { TextField("Email", id: "email", stateKey: "email") }) == ["state-key-unknown"])
        #expect(rules(Screen("hello") { Text("x", id: "bad id") }) == ["id-invalid"])
        #expect(rules(Screen("Bad ID!") { Text("x", id: "t") }) == ["screen-id-invalid"])
        #expect(rules(Screen("hello") { Text("x", id: "t") }) == nil)
    }

    // MARK: Start-up

    @Test func aRendererOverABrokenHistoryRefusesToStart() throws {
        var files = EmbeddedContractHistory.files
        files[0][files[0].count - 3] = UInt8(ascii: " ")
        #expect(throws: ScreenRenderer.StartupError.self) {
            try ScreenRenderer(catalog: App.catalog, history: .embedded(files))
        }
        do {
            _ = try ScreenRenderer(catalog: App.catalog, history: .embedded(files))
        } catch {
            #expect(error.diagnostics.contains { $0.rule == "history-chain-broken" })
            #expect(error.description.hasPrefix("the screen renderer refused to start:"))
        }
        // No history at all, or a folder that holds none.
        do {
            _ = try ScreenRenderer(catalog: App.catalog, history: .embedded([]))
            Issue.record("started without a history")
        } catch {
            #expect(error.diagnostics.map(\.rule) == ["contract-history-missing"])
        }
        #expect(throws: ScreenRenderer.StartupError.self) {
            try ScreenRenderer(catalog: App.catalog, history: .folder(URL(fileURLWithPath: "/nonexistent/history")))
        }
        // A breaking catalog: productCard removed.
        var breaking = App.catalog
        breaking.components.removeAll { $0.type == "productCard" }
        breaking.screens = []
        do {
            _ = try ScreenRenderer(catalog: breaking, history: .embedded(EmbeddedContractHistory.files))
            Issue.record("started with a breaking contract")
        } catch {
            #expect(error.diagnostics.map(\.rule) == ["component-removed"])
        }
        // Pending elements only with allowPending.
        var pending = App.catalog
        pending.components.append(ComponentSchema(type: "banner", props: [], fallback: .drop))
        #expect(throws: ScreenRenderer.StartupError.self) {
            try ScreenRenderer(catalog: pending, history: .embedded(EmbeddedContractHistory.files))
        }
        _ = try ScreenRenderer(catalog: pending, history: .embedded(EmbeddedContractHistory.files), allowPending: true)
        // A catalog screen that breaks a rule.
        var invalid = App.catalog
        invalid.screens.append(Screen("broken") { Text("x", id: "bad id") })
        #expect(throws: ScreenRenderer.StartupError.self) {
            try ScreenRenderer(catalog: invalid, history: .embedded(EmbeddedContractHistory.files))
        }
    }

    // MARK: Responses

    @Test func aResponseCarriesTheHeadersAndHonoursIfNoneMatch() throws {
        let renderer = Self.renderer
        // The product screen: no experiments (the home screen's response is private, see
        // ExperimentRenderingTests).
        let ok = renderer.respond(screenID: "product-aeropress", contractHeader: "2", ifNoneMatch: nil)
        let variant = try #require(
            ExampleApp.compact.screens.first { $0.id == "product-aeropress" }?.variant(for: 2))
        #expect(ok.status == 200)
        #expect(ok.body == variant.envelope)
        let etag = ETagOf.bytes(variant.envelope)
        #expect(
            ok.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/json", "ETag: \(etag)", "Cache-Control: public, max-age=60",
                "Vary: ScreenKit-Contract", "ScreenKit-Contract: 2", "ScreenKit-Release: \(renderer.release)",
            ])
        // The release: the manifest `build` writes for the catalog (no client schemas), first 12 digits.
        let result = ExampleApp.compact
        #expect(
            renderer.release
                == String(
                    BucketLayout(
                        screens: result.screens, contract: result.contract, history: ExampleApp.historyHashes
                    ).manifestHash.prefix(12)))
        #expect(
            renderer.respond(screenID: "nope", contractHeader: "2", ifNoneMatch: nil).header("ScreenKit-Release")
                == renderer.release)
        let notModified = renderer.respond(screenID: "product-aeropress", contractHeader: "2", ifNoneMatch: etag)
        #expect(notModified.status == 304 && notModified.body.isEmpty)
        #expect(notModified.header("ETag") == etag && notModified.header("Vary") == "ScreenKit-Contract")
        #expect(
            renderer.respond(screenID: "product-aeropress", contractHeader: "2", ifNoneMatch: "\"x\", W/\(etag)").status
                == 304)
        #expect(renderer.respond(screenID: "product-aeropress", contractHeader: "2", ifNoneMatch: "*").status == 304)
        #expect(renderer.respond(screenID: "product-aeropress", contractHeader: "1", ifNoneMatch: etag).status == 200)
        let missing = renderer.respond(screenID: "nope", contractHeader: nil, ifNoneMatch: nil)
        #expect(missing.status == 404)
        #expect(
            String(decoding: missing.body, as: UTF8.self)
                == #"{"type":"urn:screenkit:problem:unknown-screen","title":"No such screen","status":404,"detail":"no screen \"nope\"","screen":"nope"}"#
        )
        let data = renderer.respond(OrdersScreen.screen(for: .sample()), contractHeader: "1", ifNoneMatch: nil)
        #expect(data.status == 200 && data.header("Cache-Control") == "private, no-cache")
        let tooOld = renderer.respond(
            Screen("modern", minContract: 2) { Text("x", id: "t") }, contractHeader: "1", ifNoneMatch: nil)
        #expect(tooOld.status == 406)
        #expect(String(decoding: tooOld.body, as: UTF8.self).contains(#""minContract":2,"clientContract":1"#))
    }
}

/// The ETag of bytes, as the renderer computes it.
enum ETagOf {
    static func bytes(_ bytes: [UInt8]) -> String { ETag.of(bytes) }
}

@Suite struct ETagTests {
    @Test func theETagIsQuoted32HexDigitsAndChangesWithEveryByte() {
        let base = Array("{\"format\":1,\"id\":\"home\"}".utf8)
        let tag = ETag.of(base)
        #expect(tag.count == 34 && tag.first == "\"" && tag.last == "\"")
        #expect(tag.dropFirst().dropLast().allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(ETag.of(base) == tag)
        var seen: Set<String> = [tag]
        for index in base.indices {
            var changed = base
            changed[index] ^= 1
            #expect(seen.insert(ETag.of(changed)).inserted, "flipping byte \(index)")
        }
        // Every length from 0 to 64 of the same filler, and a trailing zero byte, differ too.
        for length in 0...64 {
            #expect(seen.insert(ETag.of([UInt8](repeating: 0, count: length))).inserted, "length \(length)")
        }
        // Fixed values, computed by an independent Python implementation of the same steps, so the
        // ETag of the same bytes stays the same across releases and machines (and the 8-byte steps
        // and the tail are both exercised).
        #expect(ETag.of(Array("abc".utf8)) == "\"985020a61af51f6394a0f6cb62d77f6d\"")
        #expect(
            ETag.of(Array(#"{"format":1,"id":"home","contract":2}"#.utf8)) == "\"3b7f381aa95907a1c2d3d548c56e3382\"")
    }
}
