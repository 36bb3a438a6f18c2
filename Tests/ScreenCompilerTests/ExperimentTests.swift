import Foundation
import ScreenCompiler
import ScreenContract
import ScreenKit
import Testing

/// Experiments and flags: every arm of every experiment is validated like the rest of the screen
/// and written as a combination of its own; bad declarations are `experiment-invalid`; the
/// assignment of units to arms is the documented function, reproduced by the published vectors.
@Suite struct ExperimentTests {
    static func catalog(_ screens: [Screen]) -> Catalog { Catalog(screens: screens + [home]) }

    /// The navigation target of the screens below.
    static let home = Screen("home") { Text("Home", id: "home-title") }

    static let promo = Screen("promo") {
        Column(id: "page") {
            Text("Welcome", id: "welcome")
            Experiment("hero-test") {
                Arm("control", weight: 50) { Text("Classic hero", id: "hero") }
                Arm("big-image", weight: 50) {
                    Image(url: "https://example.com/hero.png", id: "hero")
                    Text("Big hero", id: "hero-caption")
                }
            }
            Flag("new-checkout") {
                Button("Buy now", id: "buy", action: .navigate(to: "home"))
            } off: {
                Button("Checkout", id: "buy", action: .navigate(to: "home"))
            }
        }
    }

    static func compile(_ screens: [Screen]) -> CompileResult {
        Compiler(catalog: catalog(screens)).compile(CompileOptions(history: [Contract.live(catalog(screens)).0]))
    }

    static func errors(_ screens: [Screen], rule: String = "experiment-invalid") -> [String] {
        compile(screens).diagnostics.filter { $0.rule == rule && $0.severity == .error }.map(\.message)
    }

    // MARK: Resolution and build

    @Test func everyCombinationIsWrittenAndTheControlIsTheScreensOwnBytes() throws {
        let result = Self.compile([Self.promo])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let promo = try #require(result.screens.first { $0.id == "promo" })
        #expect(promo.experiments.map(\.name) == ["hero-test", "new-checkout"])
        #expect(
            promo.combinations.map(\.arms) == [
                ["hero-test": "control", "new-checkout": "off"], ["hero-test": "control", "new-checkout": "on"],
                ["hero-test": "big-image", "new-checkout": "off"], ["hero-test": "big-image", "new-checkout": "on"],
            ])
        #expect(promo.combinations[0].full == promo.full && promo.combinations[0].variants == promo.variants)
        // The control combination is byte for byte the screen written without experiments.
        let plain = Screen("promo") {
            Column(id: "page") {
                Text("Welcome", id: "welcome")
                Text("Classic hero", id: "hero")
                Button("Checkout", id: "buy", action: .navigate(to: "home"))
            }
        }
        let reference = try #require(Self.compile([plain]).screens.first { $0.id == "promo" })
        #expect(reference.full == promo.full)
        #expect(reference.experiments.isEmpty && reference.combinations.isEmpty)
        let big = String(decoding: promo.combinations[3].full, as: UTF8.self)
        #expect(big.contains(#""type":"image","id":"hero""#) && big.contains(#""label":"Buy now""#), "\(big)")
        // Resolving by hand gives the same tree the compiler wrote.
        let resolved = ExperimentResolution.resolve(Self.promo, arms: ["hero-test": "big-image"])
        #expect(!ExperimentResolution.hasExperiments(resolved))
        #expect(resolved.content[0].children?.map(\.type) == ["text", "image", "text", "button"])
    }

    @Test func theBucketStoresEveryCombinationOnceAndTheManifestRoutesToIt() throws {
        let result = Self.compile([Self.promo])
        let layout = BucketLayout(screens: result.screens, contract: 1, history: [])
        let promo = try #require(layout.manifest.screens.first { $0.id == "promo" })
        #expect(promo.experiments.map(\.name) == ["hero-test", "new-checkout"])
        #expect(
            promo.combinations.map(\.arms) == [
                ["control", "off"], ["control", "on"], ["big-image", "off"], ["big-image", "on"],
            ])
        let compiled = try #require(result.screens.first { $0.id == "promo" })
        // screens/<id> serves the control, as a bucket without an edge function would.
        #expect(layout.files["screens/promo"] == compiled.variants[0].envelope)
        #expect(promo.combinations[0].variants == promo.variants && promo.combinations[0].full == promo.full)
        for (entry, combination) in zip(promo.combinations, compiled.combinations) {
            #expect(layout.files[BucketLayout.object(entry.variants[0].object)] == combination.variants[0].envelope)
            #expect(layout.files[BucketLayout.object(entry.full)] == combination.full)
        }
        let encoded = layout.manifest.encoded()
        #expect(try Manifest.decode(encoded) == layout.manifest)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(
            text.contains(
                #""experiments":[{"name":"hero-test","salt":"","decision":"weighted","control":"control","arms":[{"name":"control","weight":50},{"name":"big-image","weight":50}]},{"name":"new-checkout","salt":"","decision":"flag","flag":"new-checkout","control":"off","arms":[{"name":"on","weight":1},{"name":"off","weight":1}]}],"combinations":[{"arms":["control","off"],"#
            ), "\(text)")
        // A manifest read from a bucket names experiments and arms by name only.
        for (bad, problem) in [
            (#""name":"hero-test""#, #""name":"../hero""#),
            (#""decision":"weighted""#, #""decision":"magic""#),
            (#""arms":["control","off"]"#, #""arms":["control"]"#),
        ] {
            let broken = Array(text.replacingOccurrences(of: bad, with: problem).utf8)
            #expect(throws: Manifest.ReadError.self) { try Manifest.decode(broken) }
        }
    }

    @Test func everyCombinationIsWrittenInTheCatalogsWireProfile() throws {
        var catalog = Self.catalog([Self.promo])
        catalog.profile = WireProfile(name: "data", nodes: .init(idKey: nil, props: .under("data")))
        let result = Compiler(catalog: catalog).compile(CompileOptions(history: [Contract.live(catalog).0]))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let promo = try #require(result.screens.first { $0.id == "promo" })
        #expect(promo.combinations.count == 4)
        #expect(promo.combinations[0].full == promo.full && promo.combinations[0].variants == promo.variants)
        for combination in promo.combinations {
            let text = String(decoding: combination.variants[0].envelope, as: UTF8.self)
            #expect(text.contains(#""data":{"content":"Welcome""#) && !text.contains(#""id":"welcome""#), "\(text)")
        }
        let big = String(decoding: promo.combinations[3].variants[0].envelope, as: UTF8.self)
        #expect(big.contains(#""data":{"content":"Big hero""#) || big.contains(#""type":"image""#), "\(big)")
    }

    @Test func aScreenWithoutExperimentsIsCompiledExactlyAsBefore() {
        let result = Self.compile([])
        #expect(result.screens.allSatisfy { $0.experiments.isEmpty && $0.combinations.isEmpty })
    }

    @Test func anExperimentInANamedSlotPutsItsArmInThatSlot() throws {
        let stood = Node.experiment(
            Experiment("in-slot") {
                Arm("a") { Text("A") }
                Arm("b") { Text("B") }
            }
        ).inSlot("front")
        let resolved = ExperimentResolution.resolve(
            Screen("s") { Column { stood } }, arms: ["in-slot": "b"])
        #expect(resolved.content[0].children?.first?.slot == "front")
        #expect(resolved.content[0].children?.first?[prop: "content"] == .string("B"))
    }

    /// The resolution as first written: every list copied, node by node, whether or not it holds
    /// an experiment; what the copy-on-change resolution must match exactly.
    static func referenceResolve(_ nodes: [Node], arms: ArmChoice) -> [Node] {
        var result: [Node] = []
        for node in nodes {
            if let experiment = node.experiment {
                let arm = arms[experiment.name].flatMap(experiment.arm) ?? experiment.arm(experiment.control)
                for child in referenceResolve(arm?.content ?? [], arms: arms) {
                    result.append(node.slot.map { child.inSlot($0) } ?? child)
                }
                continue
            }
            var copy = node
            if let children = node.children { copy.children = referenceResolve(children, arms: arms) }
            if case .node(let fallback) = node.fallback {
                copy.fallback = referenceResolve([fallback], arms: [:]).first.map { .node($0) } ?? .drop
            }
            result.append(copy)
        }
        return result
    }

    @Test func resolvingCopiesOnlyWhatHoldsAnExperimentAndGivesTheSameTree() {
        let inner = Experiment("inner") {
            Arm("x") { Text("X", id: "x") }
            Arm("y") {}
        }
        let outer = Experiment("outer") {
            Arm("control") {
                Text("Control", id: "outer-control")
                inner
            }
            Arm("other") { Column(id: "other") { Text("Other", id: "other-text") } }
        }
        let inFallback = Node.experiment(
            Experiment("in-fallback") {
                Arm("empty") {}
                Arm("full") { Text("Fallback", id: "fb") }
            })
        let screen = Screen("mixed") {
            Column(id: "page") {
                Text("Before", id: "before")
                Row(id: "untouched") { Text("Shared", id: "shared") }
                outer
                Card(id: "with-fallback") { Text("Card", id: "card-text") }.fallback(.node(inFallback))
                Column(id: "deeper") { Node.experiment(inner).inSlot("front") }
                Text("After", id: "after")
            }
        }
        let layouts = Screen(
            "laid-out",
            layouts: [
                DeviceLayout("iphone") { Column(id: "phone") { outer } },
                DeviceLayout("ipad") { Column(id: "pad") { Text("No experiment", id: "pad-text") } },
            ])
        let choices: [ArmChoice] = [
            [:], ["outer": "other"], ["inner": "y"], ["outer": "control", "inner": "x"], ["outer": "missing"],
            ["in-fallback": "full"],
        ]
        for choice in choices {
            let resolved = ExperimentResolution.resolve(screen, arms: choice)
            #expect(resolved.content == Self.referenceResolve(screen.content, arms: choice), "\(choice)")
            #expect(!ExperimentResolution.hasExperiments(resolved))
            let resolvedLayouts = ExperimentResolution.resolve(layouts, arms: choice)
            #expect(
                resolvedLayouts.layouts.map(\.content)
                    == layouts.layouts.map { Self.referenceResolve($0.content, arms: choice) }, "\(choice)")
        }
        // A screen without experiments comes back as it was.
        #expect(ExperimentResolution.resolve(Self.home, arms: ["outer": "other"]) == Self.home)
    }

    // MARK: Every arm is checked

    @Test func aProblemInOneArmIsReportedAtItsLineNamingTheArm() {
        let line = #line + 6
        let screen = Screen("bad-arm") {
            Column {
                Text("Welcome", id: "welcome")
                Experiment("hero-test") {
                    Arm("control", weight: 50) { Text("Classic", id: "hero") }
                    Arm("big-image", weight: 50) { Text("Big", id: "welcome") }
                }
            }
        }
        let result = Self.compile([screen])
        let duplicates = result.diagnostics.filter { $0.rule == "id-duplicate" }
        #expect(duplicates.count == 1, "\(result.diagnostics)")
        #expect(duplicates.first?.message.hasSuffix(#"(experiment "hero-test", arm "big-image")"#) == true)
        #expect(duplicates.contains { $0.location?.line == line })
        #expect(result.screens.isEmpty)
    }

    /// A helper called in a loop writes many nodes at one line: a problem there names its arm once.
    @Test func aProblemAtAHelpersLineNamesEachArmOnce() {
        func item(_ name: String) -> Node { Text(name, id: "item-\(name)").color("not-a-colour").node }
        let screen = Screen("helper-arms") {
            Column {
                Experiment("order") {
                    Arm("control", weight: 50) { for name in ["a", "b", "c"] { item(name) } }
                    Arm("reversed", weight: 50) { for name in ["c", "b", "a"] { item(name) } }
                }
            }
        }
        let problems = Self.compile([screen]).diagnostics.filter {
            $0.rule == "token-unknown" || $0.rule == "token-invalid" || $0.rule == "prop-type"
        }
        #expect(!problems.isEmpty)
        for problem in problems {
            #expect(
                problem.message.hasSuffix(#"(experiment "order", arm "control")"#)
                    || problem.message.hasSuffix(#"(experiment "order", arm "reversed")"#), "\(problem.message)")
        }
    }

    @Test func theSameIDInTwoArmsOfOneExperimentIsFine() {
        #expect(!Self.compile([Self.promo]).hasErrors)
    }

    @Test func aSharedProblemIsReportedOnceNotOncePerCombination() {
        let screen = Screen("shared") {
            Column {
                Text("", id: "empty").style(.body)
                Button("Go", id: "go", action: .navigate(to: "nowhere"))
                Experiment("x") {
                    Arm("a") { Text("A") }
                    Arm("b") { Text("B") }
                }
            }
        }
        let unknown = Self.compile([screen]).diagnostics.filter { $0.message.contains("nowhere") }
        #expect(unknown.count == 1, "\(unknown)")
    }

    // MARK: experiment-invalid

    @Test func badDeclarationsAreClearErrors() {
        func screen(_ content: Node) -> Screen { Screen("bad") { Column { content } } }
        func arm(_ name: String, weight: Int = 1) -> Arm { Arm(name, weight: weight) { Text(name) } }
        func experiment(
            _ arms: [Arm], name: String = "exp", salt: String = "", decision: Experiment.Decision = .weighted
        ) -> Node {
            .experiment(
                Experiment(
                    name: name, salt: salt, decision: decision, arms: arms,
                    control: decision == .weighted ? nil : "off",
                    source: SourceLocation(file: "f.swift", line: 1, column: 1)))
        }
        #expect(
            Self.errors([screen(experiment([arm("a")]))]) == [
                #"experiment "exp": has 1 arm; an experiment has at least two"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("a"), arm("a")]))]) == [
                #"experiment "exp": the arm "a" is declared twice"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("a"), arm("b", weight: 0)]))]) == [
                #"experiment "exp": the arm "b" has weight 0; a weight is a positive whole number"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("a"), arm("b")], name: "Exp"))]) == [
                #"experiment "Exp": the name is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("a"), arm("B c")]))]) == [
                #"experiment "exp": the arm name "B c" is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("a"), arm("b")], salt: "a:b"))]) == [
                #"experiment "exp": the salt "a:b" is invalid: empty, or [a-z0-9][a-z0-9_-]*, at most 64 characters"#
            ])
        #expect(
            Self.errors([screen(experiment([arm("on"), arm("of")], decision: .flag("exp")))]) == [
                #"experiment "exp": is a flag without its "off" branch; a flag has exactly the arms "on" and "off""#,
                #"experiment "exp": the control "off" is none of its arms"#,
            ])
        #expect(
            Self.errors([screen(Flag("roll", rollout: 120) { Text("on") }.nodes[0])]) == [
                #"experiment "roll": rolls out to 120 %; a rollout is a whole number from 0 to 100"#
            ])
        // Nested three deep.
        let inner = experiment([arm("a"), arm("b")], name: "inner")
        let middle = experiment([Arm("a") { inner }, arm("b")], name: "middle")
        let outer = experiment([Arm("a") { middle }, arm("b")], name: "outer")
        #expect(
            Self.errors([screen(outer)]) == [
                #"experiment "inner": is nested 3 experiments deep; experiments nest at most 2 deep"#
            ])
        // In a fallback.
        let card = Text("New").fallback(.node(experiment([arm("a"), arm("b")], name: "fb")))
        #expect(
            Self.errors([screen(card.node)]).contains(
                #"experiment "fb": sits in a fallback; a fallback is what older clients get, the same for every unit: move the experiment out of it"#
            ))
        // Too many combinations: 7 experiments of two arms each.
        let many = Screen("many") {
            Column {
                for index in 0..<7 { experiment([arm("a"), arm("b")], name: "e\(index)") }
            }
        }
        #expect(
            Self.errors([many]) == [
                #"screen "many" has 128 combinations of experiment arms (e0: 2, e1: 2, e2: 2, e3: 2, e4: 2, e5: 2, e6: 2); a screen has at most 64"#
            ])
        // One name, two declarations: in one screen, and across screens.
        let twice = Screen("twice") {
            Column {
                experiment([arm("a"), arm("b")])
                experiment([arm("a"), arm("c")])
            }
        }
        #expect(Self.errors([twice]).count == 1)
        #expect(Self.errors([twice]).first?.contains("declared twice in screen \"twice\"") == true)
        let other = Screen("other") { Column { experiment([arm("a", weight: 2), arm("b")]) } }
        let across = Self.errors([screen(experiment([arm("a"), arm("b")])), other])
        #expect(
            across.count == 1
                && across[0].contains(#"is declared with other arms, weights, salt or decision than in screen "bad""#),
            "\(across)")
    }

    @Test func aScreenNestedFarTooDeepWithAnExperimentInsideIsRefusedNotACrash() {
        var node = Node.experiment(
            Experiment("deep") {
                Arm("a") { Text("A") }
                Arm("b") { Text("B") }
            })
        for _ in 0..<10_000 { node = Column { node }.node }
        let result = Self.compile([Screen("deep") { node }])
        #expect(result.diagnostics.map(\.rule).contains("depth-exceeded"), "\(result.diagnostics.map(\.rule))")
        #expect(result.screens.isEmpty)
    }

    @Test func aCatalogScreenWithAnExperimentAroundTheDepthLimitIsCompiledOrRefusedNeverLeftOut() {
        for levels in 124...132 {
            var node = Node.experiment(
                Experiment("deep") {
                    Arm("a") { Text("A") }
                    Arm("b") { Text("B") }
                })
            for _ in 0..<levels { node = Column { node }.node }
            let result = Self.compile([Screen("deep") { node }])
            let refused = result.diagnostics.contains { $0.rule == "depth-exceeded" }
            let compiled = result.screens.contains { $0.id == "deep" }
            #expect(refused != compiled, "\(levels) levels: refused \(refused), compiled \(compiled)")
        }
    }

    @Test func theSameExperimentInTwoPlacesResolvesToOneArm() throws {
        func hero() -> Experiment {
            Experiment("hero-test") {
                Arm("control") { Text("A") }
                Arm("b") { Text("B") }
            }
        }
        let screen = Screen("twice-same") {
            Column {
                hero()
                Text("middle")
                hero()
            }
        }
        let result = Self.compile([screen])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let compiled = try #require(result.screens.first { $0.id == "twice-same" })
        #expect(compiled.combinations.count == 2)
        let b = String(decoding: compiled.combinations[1].full, as: UTF8.self)
        #expect(b.components(separatedBy: #""content":"B""#).count == 3, "\(b)")
    }

    // MARK: Assignment

    /// The published vectors (the "Experiments and flags" article), computed independently with
    /// Python's hashlib.
    static let vectors:
        [(unit: String, experiment: String, salt: String, weights: [Int], arms: [String], bucket: Int, arm: String)] = [
            ("user-1", "hero-test", "", [50, 50], ["control", "big-image"], 415, "control"),
            ("user-2", "hero-test", "", [50, 50], ["control", "big-image"], 5887, "big-image"),
            ("user-3", "hero-test", "", [50, 50], ["control", "big-image"], 722, "control"),
            ("user-1", "hero-test", "2026-11", [50, 50], ["control", "big-image"], 5764, "big-image"),
            ("device-8f3a", "checkout", "", [1, 1, 1], ["control", "one-page", "express"], 3359, "one-page"),
            ("device-8f3a", "checkout", "", [90, 5, 5], ["control", "one-page", "express"], 3359, "control"),
            ("42", "reviews", "", [20, 80], ["on", "off"], 9040, "off"),
            ("user-1", "reviews", "", [20, 80], ["on", "off"], 1851, "on"),
            ("", "hero-test", "", [50, 50], ["control", "big-image"], 3980, "control"),
            ("ünïcödé", "hero-test", "", [50, 50], ["control", "big-image"], 1926, "control"),
        ]

    @Test func theAssignmentReproducesThePublishedVectors() {
        for vector in Self.vectors {
            let bucket = ExperimentAssignment.bucket(
                experiment: vector.experiment, salt: vector.salt, unit: vector.unit)
            #expect(bucket == vector.bucket, "\(vector)")
            let experiment = Experiment(
                name: vector.experiment, salt: vector.salt,
                arms: zip(vector.arms, vector.weights).map { name, weight in Arm(name, weight: weight) {} },
                source: SourceLocation(file: "f", line: 1, column: 1))
            #expect(ExperimentAssignment.arm(of: experiment, unit: vector.unit) == vector.arm, "\(vector)")
        }
    }

    @Test func hundredThousandUnitsSplitWithinOnePointOfEachWeight() {
        let weights = [50, 30, 20]
        var counts = [0, 0, 0]
        var state: UInt64 = 0x5EED
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = String(state, radix: 36)
            counts[
                ExperimentAssignment.arm(
                    forBucket: ExperimentAssignment.bucket(experiment: "split", salt: "", unit: unit), weights: weights)
            ] += 1
        }
        for (count, weight) in zip(counts, weights) {
            #expect(abs(Double(count) / 1_000 - Double(weight)) <= 1, "\(counts)")
        }
    }

    @Test func reweightingMovesOnlyTheUnitsBetweenTheBoundsAndARolloutOnlyGrows() {
        for bucket in 0..<ExperimentAssignment.buckets {
            let before = ExperimentAssignment.arm(forBucket: bucket, weights: [50, 50])
            let after = ExperimentAssignment.arm(forBucket: bucket, weights: [40, 60])
            #expect(before == after || (4_000..<5_000).contains(bucket))
            let rolledOut10 = ExperimentAssignment.arm(forBucket: bucket, weights: [10, 90]) == 0
            let rolledOut20 = ExperimentAssignment.arm(forBucket: bucket, weights: [20, 80]) == 0
            #expect(!rolledOut10 || rolledOut20)
        }
    }

    @Test func aFlagFollowsItsBooleanAndARolloutItsPercentage() {
        let flag = Flag("new-checkout") {
            Text("on")
        } off: {
            Text("off")
        }.experiment
        #expect(ExperimentAssignment.arm(of: flag, unit: "u", flag: true) == "on")
        #expect(ExperimentAssignment.arm(of: flag, unit: "u", flag: false) == "off")
        #expect(ExperimentAssignment.arm(of: flag, unit: "u", flag: nil) == "off")
        #expect(flag.control == "off")
        let everyone = Flag("all", rollout: 100) { Text("on") }.experiment
        let nobody = Flag("none", rollout: 0) { Text("on") }.experiment
        for unit in ["a", "b", "c", "d"] {
            #expect(ExperimentAssignment.arm(of: everyone, unit: unit) == "on")
            #expect(ExperimentAssignment.arm(of: nobody, unit: unit) == "off")
        }
    }
}
