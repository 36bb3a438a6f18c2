import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import ScreenTestSupport
import Testing

/// Builds random screens from every element of the example contract, versions 1 and 2.
struct RandomScreenMaker {
    var random: SplitMix64
    var counter = 0

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func uniqueID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func text() -> String {
        ["Hello", "Quote \"here\"", "Line\nbreak", "Tab\tand\\backslash", "Séparateur\u{2028}ligne", "😀 emoji", "€5"]
            .randomElement(using: &random)!
    }

    mutating func url() -> String {
        "https://cdn.example.com/\(Int.random(in: 0..<1000, using: &random)).png"
    }

    mutating func action(_ screenID: String, depth: Int = 0) -> Action {
        switch Int.random(in: 0..<(depth > 0 ? 6 : 7), using: &random) {
        case 0:
            return .navigate(
                to: chance(50) ? screenID : "cart", presentation: Presentation.allCases.randomElement(using: &random)!)
        case 1: return .apiCall("/api/\(counter)", bodyFromState: chance(50) ? ["field"] : [])
        case 2: return .updateState("field", to: text())
        case 3: return .showAlert(title: text(), message: chance(50) ? text() : nil)
        case 4: return .openURL(url())
        case 5: return .share(url(), message: chance(50) ? text() : nil)
        default: return .sequence(action(screenID, depth: 1), action(screenID, depth: 1))
        }
    }

    mutating func leaf(_ screenID: String) -> Node {
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            var text = Text(text()).style(TextStyle.allCases.randomElement(using: &random)!)
            if chance(30) { text = text.lineLimit(Int.random(in: 1...4, using: &random)) }
            if chance(30) { text = text.color("#FF00AA") }
            return text.node
        case 1:
            return Image(url: url()).contentMode(ContentMode.allCases.randomElement(using: &random)!)
                .frame(width: chance(50) ? 40 : nil, height: 30.5).node
        case 2: return Spacer(height: chance(50) ? 12 : nil).node
        case 3: return Divider().thickness(2).node
        case 4:
            return Button(text(), id: uniqueID("button"), action: action(screenID))
                .style(ButtonStyle.allCases.randomElement(using: &random)!).enabled(chance(80)).node
        case 5:
            return TextField(text(), id: uniqueID("field"), stateKey: "field")
                .keyboard(Keyboard.allCases.randomElement(using: &random)!).secure(chance(20)).node
        case 6:
            return ProductCard(
                title: "Product", price: "€1", imageURL: url(), badge: chance(50) ? "New" : nil,
                id: uniqueID("product"),
                action: action(screenID)
            ).node
        default:
            return Text(text()).fallback(Text("older")).node
        }
    }

    mutating func node(_ screenID: String, depth: Int) -> Node {
        guard depth < 4, chance(45) else { return leaf(screenID) }
        let count = Int.random(in: 0...4, using: &random)
        var children: [Node] = []
        for _ in 0..<count { children.append(node(screenID, depth: depth + 1)) }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            return Column(spacing: 4, alignment: HorizontalAlignment.allCases.randomElement(using: &random)!) {
                children
            }.padding(2).node
        case 1: return Row(alignment: VerticalAlignment.allCases.randomElement(using: &random)!) { children }.node
        case 2: return ScrollView(ScrollAxis.allCases.randomElement(using: &random)!) { children }.node
        case 3: return LazyVStack(spacing: 2) { children }.node
        default:
            return chance(50)
                ? Card(id: uniqueID("card"), action: action(screenID)) { children }.node
                : Card { children }.cornerRadius(4).node
        }
    }

    mutating func screen(_ index: Int) -> Screen {
        let id = "random-\(index)"
        let root = Column { node(id, depth: 0) }.node
        return Screen(id, title: chance(50) ? text() : nil, initialState: ["field": ""]) { root }
    }
}

/// Checks a variant against a frozen contract version, written apart from the compiler: it reads
/// the JSON back and allows only what that version declares.
struct IndependentChecker {
    let contract: Contract
    let version: Int
    var violations: [String] = []
    var ids: Set<String> = []

    init(_ contract: Contract, version: Int) {
        self.contract = contract
        self.version = version
    }

    mutating func check(envelope bytes: [UInt8]) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let keys = Set(object.keys)
        if !keys.isSubset(of: ["format", "id", "contract", "minContract", "title", "initialState", "root"]) {
            violations.append("envelope keys \(keys.sorted())")
        }
        if let contract = object["contract"] as? Int, contract > version {
            violations.append("contract \(contract) > \(version)")
        }
        guard let root = object["root"] as? [String: Any] else {
            violations.append("no root")
            return
        }
        check(node: root)
    }

    mutating func check(node: [String: Any]) {
        guard let type = node["type"] as? String, let schema = contract.component(type) else {
            violations.append("unknown component \(node["type"] ?? "?") at contract \(version)")
            return
        }
        guard let id = node["id"] as? String, ids.insert(id).inserted else {
            violations.append("missing or repeated id \(node["id"] ?? "?")")
            return
        }
        var allowed: Set<String> = ["type", "id"]
        if schema.hasChildren { allowed.insert("children") }
        for prop in schema.props {
            allowed.insert(prop.key)
            if let value = node[prop.key] {
                check(value, type: prop.type, at: "\(type).\(prop.key)")
            } else if prop.presence != .optional {
                violations.append("\(id): \(type).\(prop.key) missing")
            }
        }
        for key in node.keys where !allowed.contains(key) {
            violations.append("\(id): key \(key) unknown to \(type) at contract \(version)")
        }
        if schema.hasChildren {
            for child in node["children"] as? [[String: Any]] ?? [] { check(node: child) }
        }
    }

    mutating func check(_ value: Any, type: PropType, at place: String) {
        switch type {
        case .enumeration(let schema):
            if let string = value as? String, !schema.contains(string) {
                violations.append("\(place): \(string) not in \(schema.name) at contract \(version)")
            }
        case .action:
            guard let action = value as? [String: Any] else { return violations.append("\(place): not an action") }
            check(action: action, at: place)
        case .list(let element):
            for item in value as? [Any] ?? [] { check(item, type: element, at: place) }
        case .map(let element):
            for item in (value as? [String: Any] ?? [:]).values { check(item, type: element, at: place) }
        default:
            break
        }
    }

    mutating func check(action: [String: Any], at place: String) {
        guard let kind = action["type"] as? String, let schema = contract.action(kind) else {
            return violations.append("\(place): unknown action \(action["type"] ?? "?") at contract \(version)")
        }
        var allowed: Set<String> = ["type"]
        for field in schema.fields {
            allowed.insert(field.key)
            if let value = action[field.key] {
                check(value, type: field.type, at: "\(place) \(kind).\(field.key)")
            } else if field.presence != .optional {
                violations.append("\(place): \(kind).\(field.key) missing")
            }
        }
        for key in action.keys where !allowed.contains(key) {
            violations.append("\(place): field \(key) unknown to action \(kind) at contract \(version)")
        }
    }
}

/// Random screens from random contract elements: every variant k holds only what contract k knows
/// (by an independent checker) and decodes with the strict client model of version k.
@Suite struct VariantPropertyTests {
    @Test(arguments: PropertyScale.seeds([1, 2, 3, 4], reduced: 2))
    func everyVariantHoldsOnlyWhatItsVersionKnows(seed: UInt64) throws {
        var maker = RandomScreenMaker(seed: seed)
        let screens = (0..<60).map { maker.screen($0) }
        var catalog = App.catalog
        catalog.screens = screens
        let history = ExampleApp.history.versions
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: history.map(\.contract)))
        // Generated images have no labels: the accessibility rules' warnings are not this test's.
        #expect(result.diagnostics.filter { !AccessibilityRules.all.map(\.id).contains($0.rule) } == [])
        #expect(result.screens.count == screens.count)
        var downgraded = 0
        for screen in result.screens {
            _ = try decodeAsClient(screen.full, version: nil)
            for variant in screen.variants {
                var checker = IndependentChecker(history[variant.contract - 1].contract, version: variant.contract)
                try checker.check(envelope: variant.envelope)
                #expect(checker.violations == [], "\(screen.id) @ \(variant.contract)")
                _ = try decodeAsClient(variant.envelope, version: variant.contract)
                downgraded += variant.downgrades.isEmpty ? 0 : 1
            }
        }
        #expect(downgraded > 10, "the random screens exercise downleveling")
        // One screen at a time for one version, as a server renders per request: the same bytes.
        let compiler = Compiler(catalog: catalog)
        let prepared = compiler.prepare(history.map(\.contract))
        for (screen, compiled) in zip(screens, result.screens) {
            for variant in compiled.variants {
                let single = compiler.variant(of: screen, for: variant.contract, history: prepared)
                #expect(single.variant?.bytes == variant.envelope, "\(screen.id) @ \(variant.contract)")
                #expect(single.variant?.downgrades == variant.downgrades, "\(screen.id) @ \(variant.contract)")
            }
        }
    }

    @Test func theIndependentCheckerCatchesWhatAVersionDoesNotKnow() throws {
        let home = try #require(ExampleApp.compact.screens.first { $0.id == "home" })
        var checker = IndependentChecker(ExampleApp.history.versions[0].contract, version: 1)
        try checker.check(envelope: home.full)
        #expect(checker.violations.contains { $0.contains("unknown component productCard at contract 1") })
        #expect(checker.violations.contains { $0.contains("display not in TextStyle at contract 1") })
    }
}
