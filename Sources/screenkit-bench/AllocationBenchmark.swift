import ExampleScreens
import Foundation
import ScreenKit
import ScreenRendering

/// Where a request's allocations come from, per node kind: a screen built per request of N nodes of
/// one kind (in a lazy list, as the orders screen holds its rows), counted while the DSL builds it
/// and while the renderer validates and writes it, less the same screen with no items.
enum AllocationBenchmark {
    /// The benchmark's options.
    struct Options: Equatable {
        /// Items per screen.
        var items = 500
    }

    /// One kind: how many nodes one item is, and how to build the screen of `count` items.
    struct Kind: Sendable {
        let name: String
        let nodesPerItem: Int
        let item: @Sendable (Int) -> Node
    }

    static let kinds: [Kind] = [
        Kind(name: "text (interpolated content)", nodesPerItem: 1) { Text("Item \($0)").node },
        Kind(name: "text (literal)", nodesPerItem: 1) { _ in Text("Delivered").node },
        Kind(name: "text + style, color, lineLimit", nodesPerItem: 1) { _ in
            Text("Delivered").style(.caption).color("#6B7280").lineLimit(1).node
        },
        Kind(name: "text + token color", nodesPerItem: 1) { _ in Text("Delivered").color(.textSecondary).node },
        Kind(name: "button (explicit ID, navigate)", nodesPerItem: 1) {
            Button("Buy", id: "buy-\($0)", action: .navigate(to: "home")).node
        },
        Kind(name: "image + frame, label", nodesPerItem: 1) { _ in
            Image(url: "https://cdn.example.com/a.png").frame(width: 40, height: 40).accessibilityLabel("A").node
        },
        Kind(name: "divider", nodesPerItem: 1) { _ in Divider().node },
        Kind(name: "spacer", nodesPerItem: 1) { _ in Spacer(height: 8).node },
        Kind(name: "row of two texts", nodesPerItem: 3) { _ in
            Row {
                Text("Total")
                Text("€12.00")
            }.node
        },
        Kind(name: "card (action) of two texts", nodesPerItem: 3) {
            Card(id: "card-\($0)", action: .navigate(to: "home")) {
                Text("Order")
                Text("Delivered")
            }.node
        },
    ]

    /// The screen of `count` items of `kind`.
    static func screen(_ kind: Kind, count: Int) -> Screen {
        Screen("orders", title: "Orders") {
            ScrollView {
                LazyVStack(id: "list") { (0..<count).map(kind.item) }
            }
        }
    }

    static func run(_ options: Options) throws {
        guard let counter = AllocationCounter() else {
            log(
                "allocations benchmark: the counter is not preloaded; run it as Benchmarks/render.sh does (LD_PRELOAD=malloc_count.so)"
            )
            print(["kind", "nodes", "build_per_node", "render_per_node"].joined(separator: "\t"))
            return
        }
        let renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let version = renderer.current
        /// Allocations of one call of `body`, the median of 5.
        func allocations(_ body: () throws -> Void) rethrows -> Double {
            var counts: [Double] = []
            for _ in 0..<5 {
                let before = counter.count()
                try body()
                counts.append(Double(counter.count() - before))
            }
            return counts.sorted()[2]
        }
        log(
            "allocations benchmark: \(options.items) items of each kind in a lazy list of a screen built per request, contract \(version)"
        )
        print(["kind", "nodes", "build_per_node", "render_per_node"].joined(separator: "\t"))
        for kind in kinds {
            let empty = screen(kind, count: 0)
            let full = screen(kind, count: options.items)
            _ = try renderer.render(full, for: .version(version))  // warm up
            let build =
                allocations { _ = screen(kind, count: options.items) } - allocations { _ = screen(kind, count: 0) }
            let render =
                try allocations { _ = try renderer.render(full, for: .version(version)) }
                - allocations { _ = try renderer.render(empty, for: .version(version)) }
            let nodes = Double(options.items * kind.nodesPerItem)
            print(
                [
                    kind.name, "\(Int(nodes))", String(format: "%.2f", build / nodes),
                    String(format: "%.2f", render / nodes),
                ]
                .joined(separator: "\t"))
        }
        print()
        AllocationSources.run(items: options.items) { body in allocations(body) }
    }
}

extension AllocationBenchmark {
    /// What one item of a kind builds.
    typealias BuiltNode = Node
}
