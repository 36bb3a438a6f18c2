import ExampleScreens
import Foundation
import ScreenCompiler
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenTestSupport
import Testing

/// The fused walk (validate and write a screen in one walk of its tree) against the flat path
/// (flatten, validate, write): the same bytes, contract, downgrades and diagnostics for every screen,
/// every version; and it writes only screens the flat path finds nothing wrong with.
@Suite struct FusedWalkTests {
    static let history = ExampleApp.history.versions.map(\.contract)

    /// What a server renders for `screen` at `version` through the public path, and through the
    /// flat path alone, compared; returns whether the fused walk wrote it.
    @discardableResult
    static func compare(
        _ screen: Screen, version: Int, compiler: Compiler, prepared: PreparedHistory, localizer: Localizer,
        style: JSONStyle = .compact, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (fused: Bool, clean: Bool, doubt: String?, replaced: Bool) {
        let served = compiler.variant(of: screen, for: version, history: prepared, style: style, localizer: localizer)
        let flat = compiler.variant(
            of: screen, for: version, history: prepared, style: style, localizer: localizer, fused: false)
        let label = "\(screen.id) @ \(version)"
        #expect(served.diagnostics == flat.diagnostics, "\(label)", sourceLocation: sourceLocation)
        #expect(served.variant?.bytes == flat.variant?.bytes, "\(label)", sourceLocation: sourceLocation)
        #expect(served.variant?.contract == flat.variant?.contract, "\(label)", sourceLocation: sourceLocation)
        #expect(served.variant?.downgrades == flat.variant?.downgrades, "\(label)", sourceLocation: sourceLocation)
        let (fused, doubt) = compiler.fusedVariant(
            of: localizer.localizingInitialState(of: screen), for: version, history: prepared, style: style,
            localizer: localizer)
        if fused != nil {
            #expect(flat.diagnostics == [], "the fused walk wrote \(label)", sourceLocation: sourceLocation)
            #expect(fused?.bytes == flat.variant?.bytes, "\(label)", sourceLocation: sourceLocation)
        }
        let replaced =
            fused?.downgrades.contains {
                switch $0 {
                case .replaced, .dropped: true
                default: false
                }
            } ?? false
        return (fused != nil, flat.diagnostics.isEmpty, doubt, replaced)
    }

    @Test(arguments: PropertyScale.seeds([11, 12, 13, 14, 15, 16], reduced: 2))
    func theFusedWalkWritesWhatTheFlatPathWrites(seed: UInt64) throws {
        var maker = RandomScreenMaker(seed: seed)
        var spoiler = ScreenSpoiler(seed: seed)
        var screens: [Screen] = []
        for index in 0..<80 {
            var screen = maker.screen(index)
            if index % 4 == 0 { screen.minContract = 2 }
            // Half the screens get one thing a check refuses, or one the fused walk leaves to the flat path.
            if index % 2 == 1 { screen = spoiler.spoil(screen) }
            screens.append(screen)
        }
        var catalog = App.catalog
        catalog.screens = screens
        let compiler = Compiler(catalog: catalog)
        let prepared = compiler.prepare(Self.history)
        let localizer = Localizer(translations: try LocalizationTests.translations(), locale: "de")
        var (fused, clean, total, replaced) = (0, 0, 0, 0)
        for (index, screen) in screens.enumerated() {
            for version in (screen.minContract ?? 1)...Self.history.count {
                let style: JSONStyle = index % 5 == 0 ? .pretty : .compact
                let outcome = Self.compare(
                    screen, version: version, compiler: compiler, prepared: prepared, localizer: localizer,
                    style: style)
                fused += outcome.fused ? 1 : 0
                replaced += outcome.replaced ? 1 : 0
                clean += outcome.clean ? 1 : 0
                total += 1
            }
        }
        // Both ways are exercised: screens with problems, and clean ones the fused walk writes.
        #expect(clean < total - 20, "\(total - clean) of \(total) variants have problems")
        #expect(fused * 3 > clean, "the fused walk wrote \(fused) of \(clean) clean variants")
        // Components a version lacks: the walk writes their fallbacks (or drops them) itself.
        #expect(replaced > 5, "the fused walk wrote \(replaced) variants with a fallback in place of a node")
    }

    @Test func theOrdersScreenIsWrittenInOneWalkForEveryVersionAndLocale() throws {
        var catalog = App.catalog
        catalog.screens = []
        let compiler = Compiler(catalog: App.catalog)
        let prepared = compiler.prepare(Self.history)
        let translations = try LocalizationTests.translations()
        for orders in [0, 1, 272] {
            let screen = OrdersScreen.screen(for: .sample(orders: orders))
            for locale in ["en", "de", "pl"] {
                let localizer = Localizer(translations: locale == "en" ? nil : translations, locale: locale)
                for version in 1...Self.history.count {
                    let outcome = Self.compare(
                        screen, version: version, compiler: compiler, prepared: prepared, localizer: localizer)
                    #expect(outcome.fused, "orders (\(orders)) in \(locale) @ \(version)")
                }
            }
        }
    }

    /// Each bad input the screen checks name, and each feature the fused walk does not handle, is
    /// left to the flat path, which reports it; the served answer is the flat path's, diagnostics
    /// and all.
    @Test(arguments: ScreenSpoiler.Spoil.allCases)
    func aScreenWithAProblemIsLeftToTheFlatPath(spoil: ScreenSpoiler.Spoil) throws {
        let base = Screen("base", initialState: ["field": ""]) {
            Column(id: "body") {
                Text("Hello", id: "lead").style(.title)
                Button("Go", id: "go", action: .navigate(to: "base"))
                TextField("Name", id: "name", stateKey: "field")
                Image(url: "https://cdn.example.com/a.png")
            }
        }
        var catalog = App.catalog
        catalog.screens = [base]
        let compiler = Compiler(catalog: catalog)
        let prepared = compiler.prepare(Self.history)
        let localizer = Localizer(translations: nil, locale: "en")
        let clean = Self.compare(
            base, version: Self.history.count, compiler: compiler, prepared: prepared, localizer: localizer)
        #expect(clean.fused)
        #expect(
            compiler.variant(of: base, for: Self.history.count, history: prepared, localizer: localizer).diagnostics
                == [])
        let spoiled = ScreenSpoiler.spoiled(base, spoil)
        for version in 1...Self.history.count {
            let outcome = Self.compare(
                spoiled, version: version, compiler: compiler, prepared: prepared, localizer: localizer)
            #expect(outcome.fused == spoil.isFused(at: version), "\(spoil) @ \(version)")
            if version == spoil.doubtfulVersion ?? Self.history.count {
                #expect(outcome.doubt == spoil.doubt, "\(spoil)")
            }
        }
        if spoil.isError {
            let flat = compiler.variant(
                of: spoiled, for: Self.history.count, history: prepared, localizer: localizer, fused: false)
            #expect(flat.variant == nil && !flat.diagnostics.isEmpty, "\(spoil)")
        }
    }
}

/// Spoils screens: one problem a check reports, or one thing the fused walk leaves to the flat path.
struct ScreenSpoiler {
    enum Spoil: CaseIterable, Sendable {
        case unknownProp, repeatedID, invalidID, derivedLookingID, wrongKind, unknownEnumValue, plainHTTPURL
        case unknownScreen, unknownStateKey, notFinite, missingRequired, unknownComponent, childrenOnLeaf
        case emptyRequiredString, propSetTwice, tooDeep, slot, events, localizedInState
        case fallback, fallbackIDUsedBefore, fallbackIDUsedAfter, fallbackIDTwice, fallbackUnknownProp
        case actionFieldMissing, actionFieldUnknown, actionKindUnknown, nestedActionProblem, derivedIDTooLong
        case twoFallbacksOneID

        /// Whether the fused walk still writes the screen: a localized initial state is localized
        /// before either path sees it.
        func isFused(at version: Int) -> Bool {
            switch self {
            case .localizedInState, .fallback: true
            // Two fallbacks with one ID are only both written for contract 1, which lacks the product card.
            case .twoFallbacksOneID: version > 1
            default: false
            }
        }

        /// The version whose walk gives up for ``doubt`` (the newest, unless said).
        var doubtfulVersion: Int? { self == .twoFallbacksOneID ? 1 : nil }

        /// Why the fused walk leaves the screen to the flat path.
        var doubt: String? {
            switch self {
            case .localizedInState, .fallback: nil
            case .unknownProp, .fallbackUnknownProp: "an undeclared prop"
            case .repeatedID, .fallbackIDUsedAfter: "a repeated ID"
            case .invalidID, .derivedLookingID: "an invalid ID or one that looks derived"
            case .wrongKind, .unknownEnumValue, .plainHTTPURL, .unknownScreen, .unknownStateKey, .notFinite,
                .emptyRequiredString:
                "a value the checks refuse"
            case .missingRequired: "a required prop missing"
            case .unknownComponent: "an undeclared component"
            case .childrenOnLeaf: "children on a leaf"
            case .propSetTwice: "a prop set twice"
            case .tooDeep: "too deep or too many nodes"
            case .slot: "a named slot"
            case .events: "events or an experiment"
            case .fallbackIDUsedBefore: "a fallback ID used elsewhere"
            case .fallbackIDTwice: "an ID repeated within a fallback"
            case .actionFieldMissing: "a required action field missing"
            case .actionFieldUnknown: "an undeclared action field"
            case .actionKindUnknown: "an undeclared action"
            case .nestedActionProblem: "a value the checks refuse"
            case .derivedIDTooLong: "a derived ID too long"
            case .twoFallbacksOneID: "an ID two written fallback nodes have"
            }
        }

        /// Whether the flat path refuses the screen (the others it writes, some with a warning).
        var isError: Bool {
            switch self {
            case .propSetTwice, .slot, .events, .fallback, .localizedInState, .derivedLookingID, .twoFallbacksOneID:
                false
            default: true
            }
        }
    }

    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed &* 7919) }

    /// `screen` with one random spoil on one random node of its root's subtree.
    mutating func spoil(_ screen: Screen) -> Screen {
        Self.spoiled(screen, Spoil.allCases.randomElement(using: &random)!)
    }

    /// `screen` with `spoil` applied to the first node (in document order) it fits.
    static func spoiled(_ screen: Screen, _ spoil: Spoil) -> Screen {
        var screen = screen
        switch spoil {
        case .localizedInState:
            screen.initialState["note"] = .localized(
                LocalizedString("orders.count", defaultValue: "You have \(3) orders"))
            return screen
        case .tooDeep:
            var node = Text("deep").node
            for _ in 0..<ScreenLimits.maximumDepth { node = Column { node }.node }
            screen.content = [
                Column {
                    screen.content[0]
                    node
                }.node
            ]
            return screen
        default:
            var done = false
            screen.content[0] = apply(spoil, to: screen.content[0], done: &done)
            return screen
        }
    }

    private static func apply(_ spoil: Spoil, to node: Node, done: inout Bool) -> Node {
        if !done, let spoiled = applied(spoil, to: node) {
            done = true
            return spoiled
        }
        guard !done, var children = node.children else { return node }
        for index in children.indices where !done { children[index] = apply(spoil, to: children[index], done: &done) }
        var copy = node
        copy.children = children
        return copy
    }

    /// `node` spoiled, or nil when `spoil` does not fit it.
    private static func applied(_ spoil: Spoil, to node: Node) -> Node? {
        var node = node
        switch spoil {
        case .unknownProp:
            return node.setting("noSuchProp", "x")
        case .repeatedID:
            guard var children = node.children, let first = children.first else { return nil }
            var twin = first
            twin.id = "twin"
            children[0].id = "twin"
            children.append(twin)
            node.children = children
            return node
        case .invalidID:
            node.id = "not valid!"
            return node
        case .derivedLookingID:
            guard node.children == nil else { return nil }
            node.id = "base.text-9"
            return node
        case .wrongKind:
            guard node.type == "text" else { return nil }
            return node.setting("content", 5)
        case .unknownEnumValue:
            guard node.type == "text" else { return nil }
            return node.setting("style", "gigantic")
        case .plainHTTPURL:
            guard node.type == "image" else { return nil }
            return node.setting("url", "http://cdn.example.com/a.png")
        case .unknownScreen:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(.navigate(to: "nowhere")))
        case .unknownStateKey:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(.updateState("missing", to: "x")))
        case .notFinite:
            guard node.type == "image" else { return nil }
            return node.setting("height", .number(.nan))
        case .missingRequired:
            guard node.type == "image" else { return nil }
            return node.setting("url", nil)
        case .unknownComponent:
            guard node.children == nil else { return nil }
            node.type = "hologram"
            return node
        case .childrenOnLeaf:
            guard node.type == "text" else { return nil }
            node.children = [Text("inner").node]
            return node
        case .emptyRequiredString:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(.navigate(to: "")))
        case .propSetTwice:
            guard node.type == "text" else { return nil }
            node.props = node.props + [Prop(key: "content", value: "again")]
            return node
        case .slot:
            guard node.children == nil else { return nil }
            return node.inSlot("header")
        case .events:
            guard node.type == "button" else { return nil }
            node.events = [TrackedEvent(trigger: "tap", name: "tapped", params: [], source: node.source)]
            return node
        case .fallback:
            guard node.type == "button" else { return nil }
            node.fallback = .node(
                Column {
                    Text("Older", id: "older-lead")
                    Text("Plain")
                }.node)
            return node
        case .fallbackIDUsedBefore:
            guard node.type == "button" else { return nil }
            node.fallback = .node(Text("Older", id: "lead").node)
            return node
        case .fallbackIDUsedAfter:
            guard node.type == "button" else { return nil }
            node.fallback = .node(Text("Older", id: "name").node)
            return node
        case .fallbackIDTwice:
            guard node.type == "button" else { return nil }
            node.fallback = .node(
                Column {
                    Text("Older", id: "older")
                    Text("Again", id: "older")
                }.node)
            return node
        case .fallbackUnknownProp:
            guard node.type == "button" else { return nil }
            node.fallback = .node(Text("Older").node.setting("noSuchProp", 1))
            return node
        case .actionFieldMissing:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(Action(kind: "navigate", fields: [])))
        case .actionFieldUnknown:
            guard node.type == "button" else { return nil }
            var action = Action.navigate(to: "base")
            action.fields.append(Prop(key: "speed", value: 3))
            return node.setting("action", .action(action))
        case .actionKindUnknown:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(Action(kind: "teleport", fields: [])))
        case .nestedActionProblem:
            guard node.type == "button" else { return nil }
            return node.setting("action", .action(.sequence(.navigate(to: "base"), .openURL("ftp://x"))))
        case .twoFallbacksOneID:
            guard node.type == "column" else { return nil }
            let cards = ["one", "two"].map { id in
                var card = ProductCard(
                    title: "Kettle", price: "€1", imageURL: "https://cdn.example.com/k.png", id: id,
                    action: .navigate(to: "base")
                ).node
                card.fallback = .node(Text("Older", id: "older").node)
                return card
            }
            node.children = (node.children ?? []) + cards
            return node
        case .derivedIDTooLong:
            // The image's derived ID is this anchor, `.image-1` and its quotes: 130 bytes and more.
            guard node.type == "column" else { return nil }
            node.id = String(repeating: "a", count: 121)
            return node
        case .tooDeep, .localizedInState:
            return nil
        }
    }
}

extension FusedWalkTests {
    /// The example's screens, each as the renderer serves it (experiments resolved to the control):
    /// the same answers both ways, and the fused walk writes all but the product screens, which have
    /// events: for contract 1 too, whose clients get the product cards' fallbacks.
    @Test func theExampleScreensAreWrittenInOneWalk() {
        let compiler = Compiler(catalog: App.catalog)
        let prepared = compiler.prepare(Self.history)
        let localizer = Localizer(translations: nil, locale: "en")
        var doubts: [String: Set<String>] = [:]
        for screen in App.catalog.screens.flatMap(\.layoutScreens) {
            let resolved = ExperimentResolution.resolve(screen, arms: [:])
            for version in (screen.minContract ?? 1)...Self.history.count {
                let outcome = Self.compare(
                    resolved, version: version, compiler: compiler, prepared: prepared, localizer: localizer)
                doubts[screen.id, default: []].insert(outcome.doubt ?? "none")
                if !screen.id.hasPrefix("product-") {
                    #expect(outcome.fused, "\(screen.id) @ \(version): \(outcome.doubt ?? "")")
                }
            }
        }
        #expect(doubts["product-kettle"] == ["events or an experiment"])
        #expect(doubts["home"] == ["none"])
    }
}
