import ScreenKit

/// A 100-element screen written as one builder expression: it must type-check without
/// "expression too complex" (this file is generated; see the "Writing screens" article on splitting screens).
enum HundredElementScreen {
    static func make(flag: Bool) -> Screen {
        Screen("hundred") {
            Column(spacing: 4) {
                Text("text 0").style(.caption)
                Button("button 1", id: "b1", action: .navigate(to: "home"))
                Text("text 2").style(.caption)
                Button("button 3", id: "b3", action: .navigate(to: "home"))
                Text("text 4").style(.caption)
                Button("button 5", id: "b5", action: .navigate(to: "home"))
                Text("text 6").style(.caption)
                Button("button 7", id: "b7", action: .navigate(to: "home"))
                if flag { Text("yes 8") } else { Text("no 8") }
                Button("button 9", id: "b9", action: .navigate(to: "home"))
                Text("text 10").style(.caption)
                Button("button 11", id: "b11", action: .navigate(to: "home"))
                Text("text 12").style(.caption)
                Button("button 13", id: "b13", action: .navigate(to: "home"))
                Text("text 14").style(.caption)
                Button("button 15", id: "b15", action: .navigate(to: "home"))
                Text("text 16").style(.caption)
                Button("button 17", id: "b17", action: .navigate(to: "home"))
                if flag { Text("yes 18") } else { Text("no 18") }
                Button("button 19", id: "b19", action: .navigate(to: "home"))
                Text("text 20").style(.caption)
                Button("button 21", id: "b21", action: .navigate(to: "home"))
                Text("text 22").style(.caption)
                Button("button 23", id: "b23", action: .navigate(to: "home"))
                Text("text 24").style(.caption)
                Button("button 25", id: "b25", action: .navigate(to: "home"))
                Text("text 26").style(.caption)
                Button("button 27", id: "b27", action: .navigate(to: "home"))
                if flag { Text("yes 28") } else { Text("no 28") }
                Button("button 29", id: "b29", action: .navigate(to: "home"))
                Text("text 30").style(.caption)
                Button("button 31", id: "b31", action: .navigate(to: "home"))
                Text("text 32").style(.caption)
                Button("button 33", id: "b33", action: .navigate(to: "home"))
                Text("text 34").style(.caption)
                Button("button 35", id: "b35", action: .navigate(to: "home"))
                Text("text 36").style(.caption)
                Button("button 37", id: "b37", action: .navigate(to: "home"))
                if flag { Text("yes 38") } else { Text("no 38") }
                Button("button 39", id: "b39", action: .navigate(to: "home"))
                Text("text 40").style(.caption)
                Button("button 41", id: "b41", action: .navigate(to: "home"))
                Text("text 42").style(.caption)
                Button("button 43", id: "b43", action: .navigate(to: "home"))
                Text("text 44").style(.caption)
                Button("button 45", id: "b45", action: .navigate(to: "home"))
                Text("text 46").style(.caption)
                Button("button 47", id: "b47", action: .navigate(to: "home"))
                if flag { Text("yes 48") } else { Text("no 48") }
                Button("button 49", id: "b49", action: .navigate(to: "home"))
                Text("text 50").style(.caption)
                Button("button 51", id: "b51", action: .navigate(to: "home"))
                Text("text 52").style(.caption)
                Button("button 53", id: "b53", action: .navigate(to: "home"))
                Text("text 54").style(.caption)
                Button("button 55", id: "b55", action: .navigate(to: "home"))
                Text("text 56").style(.caption)
                Button("button 57", id: "b57", action: .navigate(to: "home"))
                if flag { Text("yes 58") } else { Text("no 58") }
                Button("button 59", id: "b59", action: .navigate(to: "home"))
                Text("text 60").style(.caption)
                Button("button 61", id: "b61", action: .navigate(to: "home"))
                Text("text 62").style(.caption)
                Button("button 63", id: "b63", action: .navigate(to: "home"))
                Text("text 64").style(.caption)
                Button("button 65", id: "b65", action: .navigate(to: "home"))
                Text("text 66").style(.caption)
                Button("button 67", id: "b67", action: .navigate(to: "home"))
                if flag { Text("yes 68") } else { Text("no 68") }
                Button("button 69", id: "b69", action: .navigate(to: "home"))
                Text("text 70").style(.caption)
                Button("button 71", id: "b71", action: .navigate(to: "home"))
                Text("text 72").style(.caption)
                Button("button 73", id: "b73", action: .navigate(to: "home"))
                Text("text 74").style(.caption)
                Button("button 75", id: "b75", action: .navigate(to: "home"))
                Text("text 76").style(.caption)
                Button("button 77", id: "b77", action: .navigate(to: "home"))
                if flag { Text("yes 78") } else { Text("no 78") }
                Button("button 79", id: "b79", action: .navigate(to: "home"))
                Text("text 80").style(.caption)
                Button("button 81", id: "b81", action: .navigate(to: "home"))
                Text("text 82").style(.caption)
                Button("button 83", id: "b83", action: .navigate(to: "home"))
                Text("text 84").style(.caption)
                Button("button 85", id: "b85", action: .navigate(to: "home"))
                Text("text 86").style(.caption)
                Button("button 87", id: "b87", action: .navigate(to: "home"))
                if flag { Text("yes 88") } else { Text("no 88") }
                Button("button 89", id: "b89", action: .navigate(to: "home"))
                Text("text 90").style(.caption)
                Button("button 91", id: "b91", action: .navigate(to: "home"))
                Text("text 92").style(.caption)
                Button("button 93", id: "b93", action: .navigate(to: "home"))
                Text("text 94").style(.caption)
                Button("button 95", id: "b95", action: .navigate(to: "home"))
                Text("text 96").style(.caption)
                Button("button 97", id: "b97", action: .navigate(to: "home"))
                if flag { Text("yes 98") } else { Text("no 98") }
            }
        }
    }
}
