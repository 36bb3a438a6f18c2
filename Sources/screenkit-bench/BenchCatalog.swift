import ExampleScreens
import Foundation
import ScreenContract
import ScreenKit

/// A small badge that older clients drop: the benchmark's contract version 3.
struct BenchBadge: Component {
    static let schema = ComponentSchema(
        type: "benchBadge", props: [.required("label", .string), .optional("color", .color)], fallback: .drop)
    var node: Node
    init(_ label: String, id: String) {
        node = Self.makeNode(
            id: id, props: [Prop(key: "label", value: .string(label))],
            source: SourceLocation(file: #filePath, line: #line, column: 1))
    }
}

/// A deterministic catalog of a given number of nodes: mixed standard components, fan-out about 8,
/// strings that need escaping, and elements of contract versions 2 and 3 so variants downlevel.
struct BenchCatalog {
    /// The most nodes one screen gets.
    static let nodesPerScreen = 10_000

    let catalog: Catalog
    /// Contract versions 1 and 2 (the example app's history) and 3 (adds `benchBadge`).
    let history: [Contract]
    let nodes: Int

    /// The catalog of `nodes` nodes in screens of at most 10,000, and `screens` screens at least.
    static func make(nodes: Int, screens minimum: Int = 1, historyFolder: URL) throws -> BenchCatalog {
        let history = ContractHistory.load(from: historyFolder)
        // The example app's versions 1 and 2 (it has grown since; the generated version 3 adds to 2).
        guard history.diagnostics.isEmpty, history.versions.count >= 2 else {
            throw BenchError(
                "cannot read the example contract history at \(historyFolder.path); run from the package root")
        }
        let screenCount = max(minimum, (nodes + nodesPerScreen - 1) / nodesPerScreen)
        var generator = Generator(screenCount: screenCount)
        var screens: [Screen] = []
        var remaining = nodes
        for index in 0..<screenCount {
            let size = max(1, remaining / (screenCount - index))
            remaining -= size
            let root = generator.subtree(size: size, screen: index)
            screens.append(
                Screen("bench-\(index)", title: "Bench \(index) \"quoted\"", initialState: ["field": "", "qty": 0]) {
                    root
                })
        }
        let catalog = Catalog(
            components: StandardCatalog.components + [ProductCard.self, BenchBadge.self], screens: screens)
        let v3 = Contract.live(catalog).0
        return BenchCatalog(
            catalog: catalog, history: history.versions.prefix(2).map(\.contract) + [v3], nodes: generator.count)
    }

    /// Builds subtrees from a counter, so the same size always gives the same tree.
    struct Generator {
        let screenCount: Int
        var count = 0

        static let strings = [
            "Fresh \"cold brew\" — 20 % off", "Line one\nline two", "Tab\there \\ backslash", "Ünïcødé ✓ 日本語 😀",
            "Plain ASCII words for the common case", "Séparateur\u{2028}de ligne",
        ]

        mutating func subtree(size: Int, screen: Int) -> Node {
            count += 1
            let n = count
            if size <= 1 { return leaf(n, screen: screen) }
            var children: [Node] = []
            let rest = size - 1
            let fanOut = min(8, rest)
            for child in 0..<fanOut {
                let share = rest / fanOut + (child < rest % fanOut ? 1 : 0)
                children.append(subtree(size: share, screen: screen))
            }
            switch n % 4 {
            case 0: return Column(spacing: 8, alignment: .leading) { children }.padding(4).node
            case 1: return Row(spacing: 4, alignment: .center) { children }.node
            case 2: return Card { children }.cornerRadius(8).node
            default: return LazyVStack(spacing: 2) { children }.node
            }
        }

        func leaf(_ n: Int, screen: Int) -> Node {
            let text = Self.strings[n % Self.strings.count] + " #\(n)"
            switch n % 10 {
            case 0, 1, 2: return Text(text).style(n % 7 == 0 ? .display : .body).node
            case 3: return Text(text).lineLimit(2).color("#336699").node
            case 4:
                let action: Action =
                    n % 3 == 0
                    ? .share("https://shop.example.com/p/\(n)", message: text)
                    : .sequence(
                        .apiCall("/api/\(n)", bodyFromState: ["field"]), .navigate(to: "bench-\((n + 1) % screenCount)")
                    )
                return Button(text, id: "b\(n)", action: action).style(.secondary).node
            case 5: return Image(url: "https://cdn.example.com/\(n).jpg").frame(width: 120, height: 80.5).node
            case 6: return TextField("Field \(n)", id: "f\(n)", stateKey: "field").keyboard(.email).node
            case 7: return n % 2 == 0 ? Divider().node : Spacer(height: 8).node
            case 8:
                return ProductCard(
                    title: text, price: "€\(n % 100).99", imageURL: "https://cdn.example.com/p\(n).jpg", id: "p\(n)",
                    action: .navigate(to: "bench-0")
                ).node
            default: return BenchBadge("New \(n)", id: "badge\(n)").node
            }
        }
    }
}

/// A benchmark failure with a message.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
