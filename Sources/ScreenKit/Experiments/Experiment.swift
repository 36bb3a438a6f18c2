/// A named experiment that swaps a subtree: two or more named arms, each with a weight and its own
/// nodes. A client only ever receives one resolved tree; the server decides the arm.
///
/// Plain data, like the rest of the tree: the compiler resolves every combination of a screen's
/// experiments and checks each like a screen of its own. A feature flag (``Flag``) is the two-arm
/// case, `on` and `off`, decided by a named boolean or a percentage rollout (see ``Decision``).
///
/// ```swift
/// Experiment("hero-test") {
///     Arm("control", weight: 50) { Hero(style: .classic) }
///     Arm("big-image", weight: 50) { Hero(style: .bigImage) }
/// }
/// ```
public struct Experiment: Sendable, Hashable, ScreenContent {
    /// The experiment's name, `[a-z0-9][a-z0-9_-]*`, at most 64 characters; the same name in
    /// several places (or screens) is one experiment, resolved to one arm per unit.
    public var name: String
    /// Mixed into the assignment hash (the pattern of names, or empty): a new salt reshuffles
    /// every unit.
    public var salt: String
    /// How a unit's arm is decided.
    public var decision: Decision
    /// The arms, in order: they take consecutive ranges of the assignment buckets by weight.
    public var arms: [Arm]
    /// The arm served when there is no unit to assign, and by `screens/<id>` in a static bucket.
    public var control: String
    /// Where the experiment was declared.
    public var source: SourceLocation

    /// How a unit's arm is decided.
    public enum Decision: Sendable, Hashable {
        /// By the unit's assignment bucket, arms taking ranges by weight (an A/B test).
        case weighted
        /// By the named boolean flag the server passes: arm `on` when true, `off` otherwise.
        case flag(String)
        /// By the unit's assignment bucket: arm `on` for the first `percent` of every 100 buckets.
        case rollout(percent: Int)
    }

    /// An experiment; unless `control` names another arm, the first arm is the control.
    public init(
        name: String, salt: String = "", decision: Decision = .weighted, arms: [Arm], control: String? = nil,
        source: SourceLocation
    ) {
        self.name = name
        self.salt = salt
        self.decision = decision
        self.arms = arms
        self.control = control ?? arms.first?.name ?? ""
        self.source = source
    }

    /// An A/B test named `name` whose arms the block lists; the first arm is the control.
    public init(
        _ name: String, salt: String = "", file: String = #filePath, line: Int = #line, column: Int = #column,
        @ArmBuilder arms: () -> [Arm]
    ) {
        self.init(name: name, salt: salt, arms: arms(), source: SourceLocation(file: file, line: line, column: column))
    }

    /// The placeholder node standing for the experiment, which the compiler resolves.
    public var nodes: [Node] { [.experiment(self)] }

    /// The arm named `name`.
    public func arm(_ name: String) -> Arm? { arms.first { $0.name == name } }

    /// The experiment as declared, without the arms' nodes: what must agree wherever the same
    /// experiment appears, and what a manifest lists.
    public var declaration: Declaration {
        Declaration(
            name: name, salt: salt, decision: decision, control: control,
            arms: arms.map { Declaration.Arm(name: $0.name, weight: $0.weight) })
    }

    /// An experiment's name, salt, decision, control and arms with their weights.
    public struct Declaration: Sendable, Hashable {
        /// The experiment's name.
        public let name: String
        /// Its salt.
        public let salt: String
        /// How a unit's arm is decided.
        public let decision: Decision
        /// The control arm's name.
        public let control: String
        /// The arms' names and weights, in order.
        public let arms: [Arm]

        /// A declaration (as a manifest lists it).
        public init(name: String, salt: String, decision: Decision, control: String, arms: [Arm]) {
            self.name = name
            self.salt = salt
            self.decision = decision
            self.control = control
            self.arms = arms
        }

        /// One arm's name and weight.
        public struct Arm: Sendable, Hashable {
            /// The arm's name.
            public let name: String
            /// Its weight.
            public let weight: Int

            /// An arm's name and weight.
            public init(name: String, weight: Int) {
                self.name = name
                self.weight = weight
            }
        }
    }
}

/// One arm of an ``Experiment``: a name, a weight and the nodes it puts where the experiment stands.
public struct Arm: Sendable, Hashable {
    /// The arm's name, `[a-z0-9][a-z0-9_-]*`, at most 64 characters.
    public var name: String
    /// Its share of the units relative to the other arms' weights: a positive whole number.
    public var weight: Int
    /// The nodes it contributes (none to show nothing).
    public var content: [Node]
    /// Where the arm was declared.
    public var source: SourceLocation

    /// An arm named `name` with `weight`, whose nodes the block builds.
    public init(
        _ name: String, weight: Int = 1, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder content: () -> [Node]
    ) {
        self.name = name
        self.weight = weight
        self.content = content()
        self.source = SourceLocation(file: file, line: line, column: column)
    }
}

/// Builds the list of an experiment's arms.
@resultBuilder
public enum ArmBuilder {
    /// The arms, in order.
    public static func buildBlock(_ arms: Arm...) -> [Arm] { arms }
}

/// A feature flag in a screen: `on` or `off` (the control, by default nothing), decided by a named
/// boolean the server passes or by a percentage rollout.
///
/// ```swift
/// Flag("new-checkout") { CheckoutButton(style: .new) } off: { CheckoutButton(style: .classic) }
/// Flag("reviews", rollout: 20) { Reviews() }
/// ```
public struct Flag: Sendable, Hashable, ScreenContent {
    /// The two-arm experiment the flag is.
    public var experiment: Experiment

    /// A flag decided by the named boolean the server passes: `on` when it is true, `off` otherwise.
    public init(
        _ name: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        @ScreenBuilder on: () -> [Node], @ScreenBuilder off: () -> [Node] = { [] }
    ) {
        self.init(
            name, salt: "", decision: .flag(name), source: SourceLocation(file: file, line: line, column: column),
            on: on(), off: off())
    }

    /// A flag rolled out to `percent` of the units (a whole number, 0 to 100): `on` for them, `off`
    /// for the others. Raising the percentage keeps every unit that had `on`.
    public init(
        _ name: String, rollout percent: Int, salt: String = "", file: String = #filePath, line: Int = #line,
        column: Int = #column, @ScreenBuilder on: () -> [Node], @ScreenBuilder off: () -> [Node] = { [] }
    ) {
        self.init(
            name, salt: salt, decision: .rollout(percent: percent),
            source: SourceLocation(file: file, line: line, column: column), on: on(), off: off())
    }

    private init(
        _ name: String, salt: String, decision: Experiment.Decision, source: SourceLocation, on: [Node], off: [Node]
    ) {
        var onArm = Arm("on", file: source.file, line: source.line, column: source.column) { on }
        var offArm = Arm("off", file: source.file, line: source.line, column: source.column) { off }
        if case .rollout(let percent) = decision {
            onArm.weight = percent
            offArm.weight = 100 - percent
        }
        experiment = Experiment(
            name: name, salt: salt, decision: decision, arms: [onArm, offArm], control: "off", source: source)
    }

    /// The placeholder node standing for the flag, which the compiler resolves.
    public var nodes: [Node] { [.experiment(experiment)] }
}

extension Node {
    /// The wire type of a node standing for an experiment: never written, as every experiment is
    /// resolved to one arm's nodes before a screen is validated or written.
    public static let experimentType = "#experiment"

    /// A node standing for `experiment`, resolved by the compiler to one arm's nodes.
    public static func experiment(_ experiment: Experiment) -> Node {
        var node = Node(type: experimentType, source: experiment.source)
        node.experiment = experiment
        return node
    }
}
