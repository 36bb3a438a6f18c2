import ScreenKit

/// The screen rules.
public enum ScreenRules {
    /// Every screen rule, for `explain` and reports.
    public static let all: [Rule] = [
        screenIDInvalid, screenIDDuplicate, screenRoot, componentUnknown, childrenOnLeaf, slotUnknown, slotInvalid,
        propNameReserved, layoutInvalid,
        propUnknown, propRequired, propType, numberNotFinite, enumValueUnknown, stringEmpty,
        actionUnknown, idInvalid, idDuplicate, urlInvalid, referenceUnknown, stateKeyUnknown, fallbackMissing,
        minContractInvalid, depthExceeded, screenTooLarge, contractPending, contractUnfrozen, profileInvalid,
        envelopeValueInvalid, experimentInvalid, experimentChanged, eventUnknown, eventInvalid,
        tokenUnknown, tokenInvalid,
    ]

    static let eventUnknown = Rule(
        id: "event-unknown",
        summary: "A node sends an analytics event the catalog does not declare, which no dashboard would understand.",
        explanation:
            "Declare the event in `Catalog.events` (an `EventSchema` with its params), or send a declared one."
    )
    static let eventInvalid = Rule(
        id: "event-invalid",
        summary: "An analytics event is declared or sent in a way its consumers cannot rely on.",
        explanation: """
            An event name is `[a-z][a-z0-9_]*` (at most 64 characters) and declared once; its params are strings, \
            numbers, booleans or enum values, required or optional. A node sends a declared event on a trigger its \
            component supports (`appear`; `tap` when it carries an action; a custom component's own), with every \
            required param, no undeclared one, each of its declared type.
            """
    )

    static let profileInvalid = Rule(
        id: "profile-invalid",
        summary: "A wire profile that makes two things share one key cannot be decoded reliably.",
        explanation: """
            The catalog's wire profile (`Catalog.profile`) describes the JSON shape its clients \
            decode. Every key a node carries (type, id, the props object, children, fallback) must \
            be distinct (an inline prop that uses one of them is `prop-name-reserved`); with wrapped \
            values, every prop \
            type needs a discriminator; the profile may only shape components the catalog declares. \
            Fix the profile or rename the prop's wire key (a contract change).
            """
    )
    static let experimentInvalid = Rule(
        id: "experiment-invalid",
        summary: "Experiments and flags must be declared so every unit gets exactly one arm, the same everywhere.",
        explanation: """
            An experiment (`Experiment("name") { Arm("control", weight: 50) {…}; Arm("b", weight: 50) {…} }`) \
            or a flag (`Flag("name") {…} off: {…}`, `Flag("name", rollout: 20) {…}`) must have: at least \
            two arms; names and arm names matching [a-z0-9][a-z0-9_-]* (at most 64 characters), each \
            arm named once; a salt that is empty or matches that pattern; weights that are positive \
            whole numbers (a rollout from 0 to 100); for a flag, exactly the arms "on" and "off". The \
            same experiment name means one declaration in every place and screen it appears. An \
            experiment nests at most 2 deep inside another's arm, never sits in a fallback, and a \
            screen has at most 64 combinations of arms (each is validated, and written for every \
            contract version in a static bucket).
            """
    )
    static let experimentChanged = Rule(
        id: "experiment-changed",
        summary: "Reviewers see what a change does to running experiments: who moves to which arm.",
        explanation: """
            Against a base build (`check --baseline DIR`): an experiment added, removed or \
            re-weighted is a note (re-weighting moves only the units whose bucket changes arm); a \
            changed salt, renamed, added or removed arms, or another decision (flag, rollout, \
            weights) is a warning, because it reassigns units mid-experiment and exposures logged \
            under the old arms no longer match. Start a new experiment (a new name) instead, unless \
            reshuffling is the intent.
            """
    )
    static let envelopeValueInvalid = Rule(
        id: "envelope-value-invalid",
        summary: "A profile that writes a per-screen value (a route) into the envelope needs it from every screen.",
        explanation: """
            A wire profile's envelope may hold values each screen declares \
            (`EnvelopeMember.screenValue("matchedRoute", from: "route")`), which a screen sets with \
            `.envelopeValue("route", "/v1/home")`. Every screen must declare each value a served \
            profile reads; a value no profile reads is a typo; a value is a non-empty string of at \
            most 1,024 bytes without control characters.
            """
    )
    static let screenIDInvalid = Rule(
        id: "screen-id-invalid",
        summary: "Screen IDs become object keys and file names, so they are restricted.",
        explanation: """
            A screen ID must match [a-z0-9][a-z0-9_-]* and be at most 64 characters. \
            Rename the screen, e.g. "Sign In" -> "sign-in".
            """
    )
    static let screenIDDuplicate = Rule(
        id: "screen-id-duplicate",
        summary: "Two screens with one ID would overwrite each other's payload.",
        explanation: "Every screen in the catalog needs its own ID. Rename one of the two screens."
    )
    static let screenRoot = Rule(
        id: "screen-root",
        summary: "A screen's payload has exactly one root node.",
        explanation: """
            The body of a Screen must produce exactly one node. Wrap several nodes in a Column or \
            ScrollView; an empty body (for example an `if` with no `else`) needs a node too.
            """
    )
    static let componentUnknown = Rule(
        id: "component-unknown",
        summary: "Clients cannot render a component type the contract does not declare.",
        explanation: """
            The node's wire type is not declared in the catalog. Add the component type to \
            `Catalog(components:)`, or use a declared component.
            """
    )
    static let childrenOnLeaf = Rule(
        id: "children-on-leaf",
        summary: "A leaf component has no children on the wire.",
        explanation: "Only containers (hasChildren in the schema) may have children. Move them into a container."
    )
    static let slotUnknown = Rule(
        id: "slot-unknown",
        summary: "A child placed in a named slot its parent does not declare has nowhere to go on the wire.",
        explanation: """
            A node sits in a named slot (`Node.slot`, set by a component's slot block or `inSlot(_:)`) \
            that its parent's component does not declare in `ComponentSchema.slots`, or sits in no \
            slot under a component that has only named slots. Put the node in one of the parent's \
            slots, or declare the slot (a new component, as slots are frozen with the component).
            """
    )
    static let layoutInvalid = Rule(
        id: "layout-invalid",
        summary: "Each device layout of a screen is published under its device's name, once.",
        explanation: """
            A screen with layouts per device class (`Screen(_:layouts:)`) gives each device one \
            layout and no body of its own. Device names are `[a-z0-9]+`, at most 32 characters \
            (`iphone`, `ipad`), and each appears once: the layout of `home` for `ipad` is the screen \
            `home.ipad`, which the flat format publishes at `screens/home.ipad`.
            """
    )
    static let slotInvalid = Rule(
        id: "slot-invalid",
        summary: "Named slots are wire keys: they must be well formed and distinct.",
        explanation: """
            A component's named slots (`ComponentSchema.slots`) must be non-empty names of letters, \
            digits, `_` and `-`, each declared once. (A prop named like the key that marks a named \
            slot's children, `slot` in the flat format, is `prop-name-reserved`.)
            """
    )
    static let propNameReserved = Rule(
        id: "prop-name-reserved",
        summary:
            "A prop or slot written under a key the node already has makes a payload that cannot mean what it says.",
        explanation: """
            Every node carries keys of its own: in the flat format `type`, `id`, `children`, \
            `fallback` (in the full envelope) and `slot` (on a named slot's children, when any \
            component has named slots); a wire profile names its own (its type, ID, children, props, \
            slots and fallback keys). An inline prop, or a slot a profile writes as a member of the \
            node, with one of those keys would give the JSON object that key twice: decoders keep \
            one of the two (most the last), so a prop `type: "promo"` turns every client's banner \
            into an unknown component. The rule checks every component against the catalog's \
            profile and the profile of every frozen version still served, at the component's \
            declaration. Rename the prop's or slot's wire key (a contract change: add the new key, \
            keep the old one's meaning), or, in a profile, put props under a key of their own.
            """
    )
    static let propUnknown = Rule(
        id: "prop-unknown",
        summary: "Clients ignore, or fail on, keys the contract does not declare.",
        explanation: "Declare the prop in the component's schema, or remove it from the node."
    )
    static let propRequired = Rule(
        id: "prop-required",
        summary: "Strict clients fail to decode a node that lacks a required prop.",
        explanation: "Set the prop: a required prop has no default for the client to fall back on."
    )
    static let propType = Rule(
        id: "prop-type",
        summary: "A value of the wrong type fails to decode on strict clients.",
        explanation: "Give the prop a value of the type its schema declares."
    )
    static let numberNotFinite = Rule(
        id: "number-not-finite",
        summary: "JSON has no NaN or infinity; clients cannot decode them.",
        explanation: "Replace the NaN or infinite number with a finite value."
    )
    static let enumValueUnknown = Rule(
        id: "enum-value-unknown",
        summary: "Clients only decode enum values the contract declares.",
        explanation: "Use one of the enum's declared values, or add the value to the enum with a fallback."
    )
    static let stringEmpty = Rule(
        id: "string-empty",
        summary: "The contract marks this string non-empty; an empty one is meaningless to clients.",
        explanation: "Give the prop or field a non-empty value."
    )
    static let actionUnknown = Rule(
        id: "action-unknown",
        summary: "Clients cannot run an action kind the contract does not declare.",
        explanation: "Add the action kind to `Catalog(actions:)`, or use a declared one."
    )
    static let idInvalid = Rule(
        id: "id-invalid",
        summary: "Node IDs are stable keys for clients, tests and analytics, so their form is restricted.",
        explanation: """
            A node ID uses letters, digits, '-', '_', '.' and ':' only, and is 1 to 128 characters. \
            Derived IDs are built from the nearest explicit ancestor ID: shorten that ID if a derived \
            one grows too long.
            """
    )
    static let idDuplicate = Rule(
        id: "id-duplicate",
        summary: "Two nodes with one ID in a payload make client state and analytics ambiguous.",
        explanation: "Give each node of a screen its own ID (a fallback may reuse the ID of the node it replaces)."
    )
    static let urlInvalid = Rule(
        id: "url-invalid",
        summary: "Clients open URLs from the payload; only absolute https URLs are safe to hand them.",
        explanation: """
            A URL prop must be absolute with the https scheme (http only to localhost, 127.0.0.1 or \
            [::1], for development). javascript:, data: and other schemes are refused.
            """
    )
    static let referenceUnknown = Rule(
        id: "reference-unknown",
        summary: "A navigation to a screen that does not exist strands the user.",
        explanation: """
            A navigate destination must be the ID of a screen in the catalog, or be declared in \
            `Catalog(externalScreens:)` when another system serves it.
            """
    )
    static let stateKeyUnknown = Rule(
        id: "state-key-unknown",
        summary: "A field, request or update that names a missing state key silently does nothing.",
        explanation: """
            textField.stateKey, apiCall.bodyFromState and updateState.key must name keys of the \
            screen's initialState. Add the key to initialState (with its starting value) or fix the name.
            """
    )
    static let fallbackMissing = Rule(
        id: "fallback-missing",
        summary: "Every supported client must receive something it can render.",
        explanation: """
            A node, enum value or action newer than a contract version the screen supports has no \
            fallback chain ending in something that version knows. Add a fallback, or raise the \
            screen's minContract.
            """
    )
    static let minContractInvalid = Rule(
        id: "min-contract-invalid",
        summary: "A screen can only support frozen contract versions.",
        explanation: """
            minContract must be at least 1 and at most the newest frozen contract version. Freeze \
            the contract first, or lower minContract.
            """
    )
    static let depthExceeded = Rule(
        id: "depth-exceeded",
        summary: "Native layouts nested this deep fail on devices; the payload is refused.",
        explanation: """
            A screen may nest at most \(ScreenLimits.maximumDepth) levels (fallbacks included). Flatten \
            the layout, for example with a LazyVStack instead of nested containers.
            """
    )
    static let screenTooLarge = Rule(
        id: "screen-too-large",
        summary: "A payload this large cannot be downloaded and rendered on a phone; it is refused.",
        explanation: """
            A screen may hold at most \(ScreenLimits.maximumNodes) nodes (fallbacks included), about \
            10 MB of JSON. Split it into several screens, or page the content through navigation.
            """
    )
    static let contractPending = Rule(
        id: "contract-pending",
        summary: "A screen uses contract elements that are not frozen yet; no client knows them.",
        explanation: """
            The screen uses a component, prop, enum value or action not in any frozen contract \
            version. Variants fall back for every client until it is frozen. It is a warning for \
            build and check, an error for publish: run `screenkit contract freeze` after review.
            """
    )
    static let contractUnfrozen = Rule(
        id: "contract-unfrozen",
        summary: "Without a frozen history nothing protects shipped clients.",
        explanation: """
            No frozen contract version was found, so the live contract is treated as version 1. \
            Run `screenkit contract freeze` and commit the history folder.
            """
    )
}

/// Limits that keep compiling bounded.
public enum ScreenLimits {
    /// The deepest nesting a screen may have, fallbacks included.
    public static let maximumDepth = 128
    /// The most nodes a screen may have, fallbacks included.
    public static let maximumNodes = 100_000
}
