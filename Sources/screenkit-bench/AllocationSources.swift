import Foundation
import ScreenKit

/// Where a built tree's allocations come from: each part of building a node measured on its own,
/// so the per-kind table of ``AllocationBenchmark`` can be read as a sum of these.
enum AllocationSources {
    /// One part: what it is, and a body that does it `count` times.
    struct Part: Sendable {
        let name: String
        let body: @Sendable (Int) -> Int
    }

    static let parts: [Part] = [
        Part(name: "props storage: a text's node, built alone") { count in
            var total = 0
            for _ in 0..<count { total &+= Text("Delivered").node.propCount }
            return total
        },
        Part(name: "node without props: a divider's node, built alone") { count in
            var total = 0
            for _ in 0..<count { total &+= Divider().node.type.utf8.count }
            return total
        },
        Part(name: "a modifier on a built text (copy on modification)") { count in
            var total = 0
            for _ in 0..<count { total &+= Text("Delivered").style(.caption).color("#6B7280").node.propCount }
            return total
        },
        Part(name: "action fields: .navigate(to:)") { count in
            var total = 0
            for _ in 0..<count { total &+= Action.navigate(to: "home").fields.count }
            return total
        },
        Part(name: "string: interpolation longer than 15 bytes") { count in
            var total = 0
            for index in 0..<count { total &+= "Order \(index) was delivered".utf8.count }
            return total
        },
        Part(name: "block of one text (component box, result array)") { count in
            var total = 0
            for _ in 0..<count { total &+= block1().count }
            return total
        },
        Part(name: "block of two texts (parts array, boxes, result array)") { count in
            var total = 0
            for _ in 0..<count { total &+= block2().count }
            return total
        },
        Part(name: "for loop of one text per item (per item)") { count in
            loop(count).count
        },
        Part(name: "column of two texts (children storage)") { count in
            var total = 0
            for _ in 0..<count {
                total &+=
                    Column {
                        Text("Total")
                        Text("€12.00")
                    }
                    .node.children!.count
            }
            return total
        },
    ]

    @ScreenBuilder static func block1() -> [Node] {
        Text("Delivered")
    }

    @ScreenBuilder static func block2() -> [Node] {
        Text("Total")
        Text("€12.00")
    }

    @ScreenBuilder static func loop(_ count: Int) -> [Node] {
        for _ in 0..<count {
            Text("Delivered")
        }
    }

    /// Prints one row per part: allocations per time it is done, less the loop's own.
    static func run(items: Int, allocations: (() -> Void) -> Double) {
        print(["part", "allocations"].joined(separator: "\t"))
        for part in parts {
            var sink = 0
            let cost = allocations { sink &+= part.body(items) } - allocations { sink &+= part.body(0) }
            precondition(sink >= 0)
            print([part.name, String(format: "%.2f", cost / Double(items))].joined(separator: "\t"))
        }
        print(
            "# sizes: Node \(MemoryLayout<Node>.size) bytes, Prop \(MemoryLayout<Prop>.size), Value \(MemoryLayout<Value>.size), Action \(MemoryLayout<Action>.size), Text \(MemoryLayout<Text>.size); an existential holds 24 bytes inline"
        )
    }
}
