import ScreenCompiler

/// Receives a report of every response the renderer gives, as it decides it: register one with
/// ``ScreenRenderer/observed(by:)``. None is registered by default, and then nothing is measured.
///
/// Called on the request's task, after the response is made: keep it short and never block
/// (``ContractHealthMetrics`` only counts).
public protocol RenderObserver: Sendable {
    /// One response.
    func record(_ event: RenderEvent)
}

/// Several observers as one (``ScreenRenderer/observed(by:)`` takes one): each gets every event,
/// in order — e.g. ``ContractHealthMetrics`` and a ``ResponseRecorder``.
public struct RenderObservers: RenderObserver {
    /// The observers, in the order they are called.
    public let observers: [any RenderObserver]

    /// `observers` as one.
    public init(_ observers: [any RenderObserver]) {
        self.observers = observers
    }

    /// Hands `event` to each observer.
    public func record(_ event: RenderEvent) {
        for observer in observers { observer.record(event) }
    }
}

extension RenderEvent {
    /// The event of a response with `status` and a body of `bytes`, made from `outcome`.
    init(
        screenID: String, isCatalogScreen: Bool, outcome: Result<RenderedScreen, RenderError>, status: Int,
        bytes: Int, client: ClientContract, duration: Duration, unit: String?, release: String
    ) {
        let rendered = try? outcome.get()
        var rules: [String] = []
        if case .failure(.invalidScreen(_, let problems)) = outcome { rules = problems.map(\.diagnostic.rule) }
        // A screen served whose strings broke a localization rule only visible at request time.
        if let rendered, !rendered.localizationProblems.isEmpty { rules = rendered.localizationProblems }
        self.init(
            screenID: screenID, isCatalogScreen: isCatalogScreen, client: client,
            servedVersion: rendered?.servedVersion, status: status, rules: rules,
            downgrades: rendered?.downgrades ?? [], bytes: bytes, duration: duration, unit: unit,
            locale: rendered?.locale, experiments: rendered?.experiments ?? [], release: release)
    }
}

/// What the renderer decided for one response: the contract facts behind the contract's health in
/// production (which clients get what, which fallbacks they hit, who is refused).
public struct RenderEvent: Sendable, Hashable {
    /// The screen requested (for a 404, the ID asked for, as the request gave it).
    public var screenID: String
    /// Whether it is one of the catalog's own screens (else built per request from data).
    public var isCatalogScreen: Bool
    /// The contract version the client declared, or that it sent none or a malformed one.
    public var client: ClientContract
    /// The contract version served; nil when nothing was (404, 406, 500).
    public var servedVersion: Int?
    /// The HTTP status: 200, 304, 404, 406 or 500.
    public var status: Int
    /// For a 500, the rule ID of each problem in the request's data, in order; for a screen
    /// served, the localization rules its strings broke where no check could see them beforehand
    /// (`string-untranslated`, `string-arguments-mismatch`).
    public var rules: [String]
    /// Every fallback applied: the contract element the client lacks and what replaced it.
    public var downgrades: [Downgrade]
    /// The body's length in bytes (0 for a 304).
    public var bytes: Int
    /// How long rendering and making the response took.
    public var duration: Duration
    /// The experiment unit the request named, nil without one.
    public var unit: String?
    /// The locale served (`Content-Language`), nil without String Catalogs or without a screen.
    public var locale: String?
    /// The arm of each experiment of the screen served, in document order, forced ones marked:
    /// the unit's exposures. Empty for a screen without experiments.
    public var experiments: [AppliedArm]
    /// The release that answered (``ScreenRenderer/release``, the `ScreenKit-Release` header); nil
    /// when the event was made without one.
    public var release: String?

    /// An event as given.
    public init(
        screenID: String, isCatalogScreen: Bool, client: ClientContract, servedVersion: Int?, status: Int,
        rules: [String], downgrades: [Downgrade], bytes: Int, duration: Duration, unit: String? = nil,
        locale: String? = nil, experiments: [AppliedArm] = [], release: String? = nil
    ) {
        self.release = release
        self.unit = unit
        self.locale = locale
        self.experiments = experiments
        self.screenID = screenID
        self.isCatalogScreen = isCatalogScreen
        self.client = client
        self.servedVersion = servedVersion
        self.status = status
        self.rules = rules
        self.downgrades = downgrades
        self.bytes = bytes
        self.duration = duration
    }
}
