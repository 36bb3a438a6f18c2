import ExampleProfiles
import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

@testable import ScreenPreview

/// The preview of every example app — the shop and each wire-profile app, whose vocabularies are
/// their own — shows each screen's content for every contract version it supports: every node the
/// version's variant holds is drawn in that version's column, with its text and, for a component
/// the preview has no renderer for, each of its props.
@Suite struct ExampleAppPreviewTests {
    /// One example app: its catalog and its committed history.
    struct PreviewedApp: Sendable, CustomTestStringConvertible {
        let name: String
        let catalog: Catalog
        let history: String
        var testDescription: String { name }

        /// The catalog compiled against its history in the flat format, as `screenkit preview` does.
        func compile() -> CompileResult {
            let history = ContractHistory.load(from: ExampleApp.root.appendingPathComponent(history))
            return Compiler(catalog: catalog).compile(
                CompileOptions(history: history.versions.map(\.contract), writesProfile: false))
        }

        /// Every page of its preview, with its components' declared previews.
        func pages() throws -> (CompileResult, [String: String]) {
            let result = compile()
            #expect(!result.hasErrors, "\(name): \(result.diagnostics)")
            let pages = try PreviewSite.pages(
                for: result.screens, previews: PreviewSite.declaredPreviews(of: catalog))
            return (result, Dictionary(uniqueKeysWithValues: pages.map { ($0.name, $0.html) }))
        }
    }

    static let apps = [
        PreviewedApp(name: "shop", catalog: ExampleScreens.App.catalog, history: "Screens/Contract/history"),
        PreviewedApp(
            name: "widgets", catalog: WidgetsApp.catalog, history: "Screens/Profiles/Widgets/Contract/history"),
        PreviewedApp(
            name: "component-spec", catalog: ComponentSpecApp.catalog,
            history: "Screens/Profiles/ComponentSpec/Contract/history"),
        PreviewedApp(
            name: "composition", catalog: CompositionApp.catalog,
            history: "Screens/Profiles/Composition/Contract/history"),
        PreviewedApp(
            name: "layouts", catalog: LayoutsApp.catalog, history: "Screens/Profiles/Layouts/Contract/history"),
        PreviewedApp(name: "route", catalog: RouteApp.catalog, history: "Screens/Profiles/Route/Contract/history"),
    ]

    /// The types the preview draws with a renderer of its own.
    static let standardTypes = Set(StandardCatalog.components.map { $0.schema.type })

    @Test(arguments: apps)
    func everyVersionOfEveryScreenShowsItsContent(_ app: PreviewedApp) throws {
        let (result, pages) = try app.pages()
        #expect(!result.screens.isEmpty)
        for screen in result.screens {
            let html = try #require(pages[PreviewSite.pageName(screen.id)], "\(app.name): a page for \(screen.id)")
            #expect(!html.contains("(no preview)"), "\(app.name)/\(screen.id)")
            // Each combination's columns (one group without experiments), in the page's order.
            var groups: [(html: String, variants: [CompiledScreen.Variant])] = []
            if screen.combinations.isEmpty {
                groups = [(html, screen.variants)]
            } else {
                let sections = Self.parts(of: html, at: "<section class=\"combination\"")
                for (section, combination) in zip(sections, screen.combinations) {
                    groups.append((section, combination.variants))
                }
            }
            #expect(groups.count == max(1, screen.combinations.count), "\(app.name)/\(screen.id)")
            for (group, variants) in groups {
                let columns = Self.parts(of: group, at: "<section class=\"version\" data-contract=\"")
                #expect(columns.count == variants.count, "\(app.name)/\(screen.id): a column per version")
                for (column, variant) in zip(columns, variants) {
                    #expect(column.hasPrefix("<section class=\"version\" data-contract=\"\(variant.contract)\""))
                    let root = try #require(
                        (try JSONSerialization.jsonObject(with: Data(variant.envelope)) as? [String: Any])?["root"]
                            as? [String: Any])
                    for node in Self.nodes(root) {
                        Self.expectDrawn(node, in: column, "\(app.name)/\(screen.id)@\(variant.contract)")
                    }
                }
            }
        }
    }

    /// `node` appears in `column` by its ID, with its text; a component without a renderer here
    /// (drawn as a labelled box, through its declared preview or its fallback) with its type.
    static func expectDrawn(_ node: [String: Any], in column: String, _ context: String) {
        let type = node["type"] as? String ?? ""
        if let id = node["id"] as? String {
            #expect(column.contains("data-node-id=\"\(HTML.escape(id))\""), "\(context): \(type) #\(id) is drawn")
        }
        for key in ["content", "label", "title", "header", "text"] {
            guard let text = node[key] as? String else { continue }
            #expect(column.contains(HTML.escape(text)), "\(context): \(type).\(key) “\(text)” is shown")
        }
        guard !standardTypes.contains(type) else { return }
        #expect(column.contains("data-type=\"\(HTML.escape(type))\""), "\(context): \(type) is drawn")
        guard column.contains("class=\"sk-generic\"") else { return }
        for key in node.keys where !NodeRenderer.structuralKeys.contains(key) {
            #expect(column.contains(">\(HTML.escape(key))</dt>"), "\(context): \(type)'s prop \(key) is listed")
        }
    }

    /// `html` cut before each occurrence of `marker`: the parts starting with it, each running to
    /// the next (these markers do not nest).
    static func parts(of html: String, at marker: String) -> [String] {
        html.components(separatedBy: marker).dropFirst().map { marker + $0 }
    }

    /// `root` and every node under it, named slots' included.
    static func nodes(_ root: [String: Any]) -> [[String: Any]] {
        [root] + (root["children"] as? [[String: Any]] ?? []).flatMap(nodes)
    }

    /// In a real browser, the widgets app's home page draws its nested custom components: every
    /// box is visible, lies inside the box of its parent component, and shows its props' values.
    @Test(.needs(.chromium))
    func theWidgetsAppsNestedComponentsAreDrawnInABrowser() throws {
        let chromium = try Browser.chromium()
        let (_, pages) = try Self.apps[1].pages()
        let html = try #require(pages["home.html"])
        // The page with a probe appended: the layout the browser computed, written into the DOM.
        let probe = """
            <script>
            const boxes = [...document.querySelectorAll('[data-type]')].map(box => {
              const rect = box.getBoundingClientRect();
              const parent = box.parentElement.closest('[data-type]');
              const outer = parent ? parent.getBoundingClientRect() : null;
              return {type: box.dataset.type, column: box.closest('section').dataset.contract,
                visible: rect.width > 20 && rect.height > 10,
                inside: !outer || (rect.left >= outer.left && rect.right <= outer.right
                  && rect.top >= outer.top && rect.bottom <= outer.bottom),
                parent: parent ? parent.dataset.type : null, text: box.innerText};
            });
            const out = document.createElement('pre');
            out.id = 'probe';
            out.textContent = JSON.stringify(boxes);
            document.body.appendChild(out);
            </script>
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-widgets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("home.html")
        try Data(html.replacingOccurrences(of: "</body>", with: probe + "</body>").utf8).write(to: page)
        let dom = folder.appendingPathComponent("dom.html")
        let log = folder.appendingPathComponent("log.txt")
        let process = try Browser.startDumpingDOM(page, virtualTime: 1000, chromium: chromium, dom: dom, log: log)
        process.waitUntilExit()
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(Browser.problems(in: logText) == [], "the page loads cleanly")
        let text = try String(contentsOf: dom, encoding: .utf8)
        let start = try #require(text.range(of: "<pre id=\"probe\">"), "the probe ran: \(logText)")
        let end = try #require(text[start.upperBound...].range(of: "</pre>"))
        let json = String(text[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        let boxes = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        // Two versions, each: the screen, three widgets, two banners, two tiles and a text.
        #expect(boxes.count == 2 * 9, "\(boxes.map { $0["type"] ?? "" })")
        for box in boxes {
            let type = box["type"] as? String ?? ""
            #expect(box["visible"] as? Bool == true, "\(type) is drawn with a size")
            #expect(box["inside"] as? Bool == true, "\(type) lies inside its parent \(box["parent"] ?? "none")")
        }
        let texts = { (type: String, contract: String) -> [String] in
            boxes.filter { $0["type"] as? String == type && $0["column"] as? String == contract }
                .compactMap { $0["text"] as? String }
        }
        for contract in ["1", "2"] {
            #expect(texts("carousel", contract).first?.contains("Carousel Widget") == true)
            #expect(texts("image-banner", contract).contains { $0.contains("event-banner-2") })
            #expect(texts("explore-tile", contract).contains { $0.contains("Today's chart-toppers") })
            let parents = boxes.filter {
                $0["type"] as? String == "explore-tile" && $0["column"] as? String == contract
            }
            #expect(parents.allSatisfy { $0["parent"] as? String == "grid" }, "tiles are drawn inside the grid")
        }
        // The badge came with version 2: shown there; for version-1 clients left out, and marked so.
        #expect(texts("explore-tile", "2").contains { $0.contains("badge\nNew") })
        #expect(!texts("explore-tile", "2").contains { $0.contains("left out") })
        let version1 = texts("explore-tile", "1")
        #expect(!version1.contains { $0.contains("New") }, "\(version1)")
        #expect(version1.first?.hasPrefix("explore-tile.badge left out\n") == true, "\(version1)")
    }
}
