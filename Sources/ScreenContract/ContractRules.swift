import ScreenKit

/// The contract rules: what would break a client already in users' hands, and history integrity.
public enum ContractRules {
    /// Every contract rule, for `explain` and reports.
    public static let all: [Rule] =
        breaking + allowed + history + [
            enumConflict, declarationDuplicate, exemptionUnused, exemptionInvalid, sunsetUnrecorded, sunsetUnused,
            sunsetInvalid, sunsetRecorded, profileSinceInvalid,
        ]

    /// The rules for changes that break shipped clients.
    public static let breaking: [Rule] =
        [
            componentRemoved, componentChildrenChanged, componentSlotsChanged, componentNoFallback, propRemoved,
            propRenamed, propTypeChanged,
            propPresenceChanged, propDefaultChanged, propAddedRequired, enumValueRemoved, enumValueNoFallback,
            actionRemoved, actionFieldRemoved, actionFieldChanged, actionFieldAddedRequired, actionNoFallback,
            guaranteeRelaxed, meaningChanged, enumRenamed,
        ] + eventBreaking + tokenBreaking + profile

    /// The rules for a change to the wire profile that reshapes the bytes of a frozen version, one
    /// per part of the profile.
    public static let profile: [Rule] = [
        profileEnvelopeChanged, profileRootChanged, profileLayoutsChanged, profileNodeKeysChanged, profilePropsChanged,
        profileChildrenChanged, profileSlotsChanged, profileValuesChanged,
    ]

    /// The rules naming allowed, additive changes (reported by `contract diff`, never failing).
    public static let allowed: [Rule] =
        [
            componentAdded, propAdded, enumValueAdded, actionAdded, actionFieldAdded, presenceAlwaysWritten,
            guaranteeTightened, meaningAdded, fallbackChanged, profileNewShape, profileRenamed,
        ] + eventAllowed + tokenAllowed

    /// The rules for the frozen history's integrity.
    public static let history: [Rule] = [
        historyMissing, historyUnreadable, historyEdited, historyGap, historyVersionMismatch, historyChainBroken,
        historyRewritten,
    ]

    static let componentRemoved = Rule(
        id: "component-removed",
        summary: "Shipped clients still receive screens written for the component's wire type.",
        explanation: """
            A component in a frozen contract version is missing from the live contract. Clients that \
            shipped with it keep asking for payloads that may contain it, and screens built for older \
            versions can no longer be produced. Restore the component declaration (Swift names may \
            change; the wire type may not).
            """)
    static let componentChildrenChanged = Rule(
        id: "component-children-changed",
        summary: "Turning a container into a leaf (or back) changes how every client decodes it.",
        explanation: """
            The component's `hasChildren` differs from a frozen version. Clients decode `children` \
            according to the frozen contract. Declare a new component with another wire type instead.
            """)
    static let componentSlotsChanged = Rule(
        id: "component-slots-changed",
        summary: "A component's named slots are frozen with it: each client decodes exactly those lists.",
        explanation: """
            The component's named slots (`slots` in the contract) differ from a frozen version: a slot \
            was added, removed, renamed or moved. A client that shipped with the component places \
            children by those names, so a removed or renamed slot leaves its decoder without the \
            children it expects, and a slot it never heard of puts children where it cannot show them \
            (or fails the screen). Declare a new component with another wire type, with a fallback to \
            this one, instead.
            """)
    static let componentNoFallback = Rule(
        id: "component-no-fallback",
        summary: "A client that predates a component can only render it through a fallback.",
        explanation: """
            A component introduced after the oldest supported contract version has fallback rule \
            `.none`. Declare `fallback: .node` (every instance carries a fallback node of older \
            components) or `fallback: .drop` (older clients omit it).
            """)
    static let propRemoved = Rule(
        id: "prop-removed",
        summary: "Strict clients require every key their contract version declares.",
        explanation: """
            A prop in a frozen contract version is missing from the live declaration. Restore it in \
            the component's declaration exactly as frozen — same key, type and presence (`contract \
            show` prints it; a required prop made optional is prop-presence-changed). To stop using \
            an optional or defaulted prop, keep it declared and stop setting it; a required one stays \
            required: give it a neutral value where screens set it.
            """)
    static let propRenamed = Rule(
        id: "prop-renamed",
        summary: "A prop's wire key is the contract; renaming it removes the old key for shipped clients.",
        explanation: """
            A prop disappeared and a prop of the same type appeared on the same component: its wire \
            key changed. Swift names are free to change, wire keys are not: restore the old key in the \
            schema (the Swift modifier may keep its new name).
            """)
    static let propTypeChanged = Rule(
        id: "prop-type-changed",
        summary: "Clients decode a prop with the type their contract version declares; no widening either.",
        explanation: """
            The prop's type differs from a frozen version. Even widening (for example number to \
            scalar) breaks a strict client. Add a new prop with the new type instead.
            """)
    static let propPresenceChanged = Rule(
        id: "prop-presence-changed",
        summary: "Making a prop required or optional changes whether clients may rely on the key.",
        explanation: """
            A prop changed between required and optional. An optional prop's key may be absent, so \
            clients that shipped when it was required fail to decode payloads without it. Keep the \
            frozen presence. (Required and defaulted may be swapped: both always write the key — see \
            `presence-always-written`.)
            """)
    static let propDefaultChanged = Rule(
        id: "prop-default-changed",
        summary: "Clients that apply a default themselves would render differently from new payloads.",
        explanation: """
            A defaulted prop's default value changed, or a prop gained or lost its default. Keep the \
            frozen default and set the new value explicitly where you want it.
            """)
    static let propAddedRequired = Rule(
        id: "prop-added-required",
        summary: "Older payloads and older servers do not send a prop that did not exist.",
        explanation: """
            A prop was added to an existing component as required without a default. Declare it \
            `.optional` or `.defaulted` instead.
            """)
    static let enumValueRemoved = Rule(
        id: "enum-value-removed",
        summary: "Clients that shipped with an enum value may still receive it.",
        explanation:
            "A value of a frozen enum is missing from the live enum. Restore the case (the Swift name may change).")
    static let enumValueNoFallback = Rule(
        id: "enum-value-no-fallback",
        summary: "A client that predates an enum value cannot decode it without a fallback value it knows.",
        explanation: """
            An enum value introduced after the oldest supported contract version has no fallback, or \
            its fallback chain does not reach a value that version knows. Implement `fallback` in the \
            `WireEnum` to return an older case.
            """)
    static let actionRemoved = Rule(
        id: "action-removed",
        summary: "Shipped clients still run the action kinds of their contract version.",
        explanation:
            "An action kind in a frozen contract version is missing from the live contract. Restore its declaration.")
    static let actionFieldRemoved = Rule(
        id: "action-field-removed",
        summary: "Strict clients require every field their contract version declares for an action.",
        explanation: "A field of a frozen action kind is missing from the live declaration. Restore it.")
    static let actionFieldChanged = Rule(
        id: "action-field-changed",
        summary: "Clients decode action fields with the type, presence and default their version declares.",
        explanation: """
            A field of an action kind changed type, presence or default. Keep the frozen field as it \
            is; add a new field or a new action kind for the new meaning.
            """)
    static let actionFieldAddedRequired = Rule(
        id: "action-field-added-required",
        summary: "Older payloads do not carry a field that did not exist.",
        explanation:
            "A required field without a default was added to an existing action kind. Make it optional or defaulted.")
    static let actionNoFallback = Rule(
        id: "action-no-fallback",
        summary: "A client that predates an action kind can only run it through a fallback.",
        explanation: """
            An action kind introduced after the oldest supported contract version has fallback rule \
            `.none`. Declare `fallback: .node` (every instance carries an older fallback action) or \
            `.drop` (older clients do nothing).
            """)
    public static let sunsetUnrecorded = Rule(
        id: "sunset-unrecorded",
        summary: "Apps already in users' hands stop getting screens only by a recorded, reviewed decision.",
        explanation: """
            A change stops serving a client contract version that was served: the catalog's \
            minContract rose (checked always), or, against a base (`check --baseline DIR`, and \
            `publish` against the bucket), a screen's minContract rose or a screen is gone. Sunsetting \
            an app version is legitimate, but never as a side effect: record it in the contract \
            folder's sunset.json, e.g. {"format": 1, "sunset": [{"through": 1, "reason": "app 3.x \
            is below 1 % of sessions"}]}; per screen add "screen": "<id>"; for a removed screen \
            {"screen": "<id>", "removed": true, "reason": "…"}.
            """)
    static let sunsetUnused = Rule(
        id: "sunset-unused",
        summary: "A sunset entry that matches nothing would hide a future, unreviewed sunset.",
        explanation: """
            The entry names client versions that are still served (or a removed screen that \
            exists). Remove the entry, or make the change it records.
            """)
    static let sunsetInvalid = Rule(
        id: "sunset-invalid",
        summary: "The sunset file must be readable and every entry must say why.",
        explanation: """
            sunset.json is {"format": 1, "sunset": [...]}; each entry has a non-empty "reason" and \
            "through" (the newest version no longer served, 1 or more), optionally "screen"; or \
            "screen" with "removed": true.
            """)
    static let sunsetRecorded = Rule(
        id: "sunset-recorded",
        summary: "A recorded sunset in effect: which screens stop serving which client versions.",
        explanation: "Reported so reviewers see what the change stops serving, and why.")
    static let guaranteeRelaxed = Rule(
        id: "guarantee-relaxed",
        summary: "Clients rely on what the frozen contract guarantees, such as a non-empty string.",
        explanation: """
            A prop or action field frozen as `nonEmpty` is no longer declared so: screens could send \
            an empty string to clients that were promised none (and lay out, or validate, on that \
            promise). Keep `nonEmpty: true`; tightening a guarantee is allowed, as every screen is \
            checked against it when it compiles.
            """)
    static let meaningChanged = Rule(
        id: "meaning-changed",
        summary: "A frozen meaning changed: the same key now says something else (a repurposed key).",
        explanation: """
            Each prop, action field and enum value may record what it means (`.meaning("price in \
            cents")`), frozen with it. Changing or removing a frozen meaning means clients that \
            shipped read the value the old way: add a new prop (or value) for the new meaning. If \
            the meaning text only got clearer, record an exemption for this rule and element.
            """)
    static let enumRenamed = Rule(
        id: "enum-renamed",
        summary: "An enum's contract name is its identity in the history, like a component's wire type.",
        explanation: """
            An enum of the frozen contract is missing and another enum, used by exactly the same \
            props and fields, took its place: its contract name changed. Enum names never reach the \
            wire, but the history refers to them, so restore the frozen name with \
            `static let contractName = "<frozen name>"` in the enum (the Swift type may keep its new name).
            """)
    static let presenceAlwaysWritten = Rule(
        id: "presence-always-written",
        summary: "Required and defaulted props are both always written: switching between them is safe.",
        explanation: """
            A required prop is written because every screen sets it; a defaulted prop is written with \
            its default when a screen does not set it. Either way every payload carries the key, so \
            every old and new client decodes every payload: required to defaulted (and back) is \
            allowed. Optional differs (the key may be absent) and stays breaking.
            """)
    static let guaranteeTightened = Rule(
        id: "guarantee-tightened",
        summary: "A prop or field now guarantees more (non-empty): allowed.",
        explanation: """
            Clients that shipped without the guarantee accept the tighter values too; screens that \
            break the new guarantee fail to compile (`string-empty`).
            """)
    static let meaningAdded = Rule(
        id: "meaning-added",
        summary: "A meaning recorded for an element that had none: allowed.",
        explanation: "Documenting what a value means changes no payload; once frozen, the meaning cannot change.")
    static let fallbackChanged = Rule(
        id: "fallback-changed",
        summary: "What older clients get instead of an element changed: allowed, and reviewed.",
        explanation: """
            A component's or action kind's fallback rule, an enum value's fallback value, or a colour \
            token's light or dark literal changed. Clients that know the element are unaffected; older ones get the new fallback, which the \
            compiler checks resolves to something they know. The diff shows it to reviewers.
            """)
    static let componentAdded = Rule(
        id: "component-added",
        summary: "A new component: allowed when it has a fallback.",
        explanation: "Additive change. Freeze it with `screenkit contract freeze` once merged.")
    static let propAdded = Rule(
        id: "prop-added",
        summary: "A new optional or defaulted prop: allowed.",
        explanation: "Additive change. Older clients ignore the key; variants for them omit it.")
    static let enumValueAdded = Rule(
        id: "enum-value-added",
        summary: "A new enum value: allowed when it has a fallback value.",
        explanation: "Additive change. Variants for older clients map it through its fallback.")
    static let actionAdded = Rule(
        id: "action-added",
        summary: "A new action kind: allowed when it has a fallback.",
        explanation: "Additive change. Freeze it with `screenkit contract freeze` once merged.")
    static let actionFieldAdded = Rule(
        id: "action-field-added",
        summary: "A new optional or defaulted action field: allowed.",
        explanation: "Additive change. Older clients ignore the field.")
    /// No frozen version at all, where the gate needs one.
    public static let historyMissing = Rule(
        id: "contract-history-missing",
        summary: "Without a frozen history the gate has nothing to protect shipped clients with.",
        explanation: """
            `check` found no frozen contract version in the contract folder's `history/`. Every \
            comparison the gate makes is against frozen versions, so with none it would pass any \
            change, including one that breaks every shipped app. Fix: start the history from the \
            standard version your shipped clients decode, `screenkit contract start --standard 1` \
            (what `screenkit init` does), or, when the clients decode exactly today's live contract, \
            freeze it as version 1 with `screenkit contract freeze --initial`; then commit the \
            history folder. If the folder is elsewhere, name it with `--contract DIR` or the \
            `contract` key of screenkit.json. To check screens before any history exists, pass \
            `check --allow-empty-history` (the gate then checks nothing about the contract).
            """)
    static let historyUnreadable = Rule(
        id: "history-unreadable",
        summary: "A frozen contract file that cannot be read cannot protect anything.",
        explanation: """
            A file in the history folder is not valid JSON, has an unknown format number, or holds \
            unknown field types. Restore it from version control: frozen files are never edited by hand.
            """)
    static let historyEdited = Rule(
        id: "history-edited",
        summary: "A frozen contract file holds exactly the bytes screenkit wrote.",
        explanation: """
            A file in the history folder reads as a contract but is not in the one canonical form \
            `contract freeze` writes (its bytes differ from the contract it holds written again): it \
            was edited by hand, re-formatted, or given a byte-order mark. The newest version has no \
            successor whose hash would catch that, so the file itself is checked. Restore it from \
            version control; to change the contract, make an additive change and freeze a new version.
            """)
    static let historyGap = Rule(
        id: "history-gap",
        summary: "Frozen versions are numbered 1, 2, 3 … with none missing.",
        explanation:
            "A version file is missing, or a file name is not a version number. Restore the deleted file from version control."
    )
    static let historyVersionMismatch = Rule(
        id: "history-version-mismatch",
        summary: "A frozen file's name and the version it records must agree.",
        explanation: "A frozen file was renamed or renumbered. Restore the original file name from version control.")
    static let historyChainBroken = Rule(
        id: "history-chain-broken",
        summary: "Each frozen version records the SHA-256 of its predecessor's exact bytes.",
        explanation: """
            A frozen version's `previous` hash does not match the bytes of the version before it: \
            that file was edited, replaced or the files were reordered. Restore them from version \
            control. To change the contract, make an additive change and freeze a new version.
            """)
    public static let historyRewritten = Rule(
        id: "history-rewritten",
        summary: "The history on the base branch must be a byte-identical prefix of this branch's.",
        explanation: """
            `check --against REF` found a frozen version at REF that is missing or different here \
            (for example the newest version was deleted or edited in this branch). Restore it from REF.
            """)
    /// How the profile rules' explanations end: what to do instead.
    private static let profileFix = """
        Restore the frozen profile. To give newer clients a new shape, set `Catalog.profileSince` to \
        the next contract version (the newest frozen one plus one) and freeze it: each older version \
        keeps the profile it froze, and `build` writes each version's variant in the shape that \
        version froze.
        """
    static let profileEnvelopeChanged = Rule(
        id: "profile-envelope-changed",
        summary: "Shipped clients decode the envelope keys and members their contract version froze.",
        explanation: """
            The wire profile (`Catalog.profile`) is frozen with every contract version: clients of \
            that version decode exactly its shape. This change renames, adds or leaves out an \
            envelope field (format, screen ID, contract, minContract, title, initial state) or changes \
            the envelope's own members (constants such as "type": "composition", or values each screen \
            declares such as a route), so every screen's bytes change for every client at once. \
            \(profileFix)
            """)
    static let profileRootChanged = Rule(
        id: "profile-root-changed",
        summary: "Shipped clients find the root where their contract version froze it.",
        explanation: """
            The profile's root path, or whether only the root's children are written there as a \
            list, changed: clients of the frozen versions look for the screen elsewhere. \(profileFix)
            """)
    static let profileLayoutsChanged = Rule(
        id: "profile-layouts-changed",
        summary: "Shipped clients read device layouts as one list, or one document per device, as frozen.",
        explanation: """
            The profile's list of device layouts (`envelope.layouts`) was added, removed or its keys \
            changed: clients of the frozen versions read another document. \(profileFix)
            """)
    static let profileNodeKeysChanged = Rule(
        id: "profile-node-keys-changed",
        summary: "Shipped clients read a node's type, ID and fallback under the keys their version froze.",
        explanation: """
            The key of a node's type, its ID (or whether nodes carry one) or its fallback changed: \
            clients of the frozen versions cannot decode a single node. \(profileFix)
            """)
    static let profilePropsChanged = Rule(
        id: "profile-props-changed",
        summary: "Shipped clients read a component's props where their version froze them (inline or under a key).",
        explanation: """
            Where a frozen component writes its props changed (inline, or under a key such as \
            "data"), by the profile's `props` or `propsByType`: strict clients of the frozen versions \
            require the frozen key. \(profileFix)
            """)
    static let profileChildrenChanged = Rule(
        id: "profile-children-changed",
        summary: "Shipped clients read a container's children under the key their version froze.",
        explanation: """
            The children key of a frozen container (`childrenKey`, `childrenKeyByType`) changed: \
            clients of the frozen versions find no children. \(profileFix)
            """)
    static let profileSlotsChanged = Rule(
        id: "profile-slots-changed",
        summary: "Shipped clients read named slots where their version froze them.",
        explanation: """
            Where named slots go (tagged children, members of the node, or under a key) changed \
            while frozen components declare slots. \(profileFix)
            """)
    static let profileValuesChanged = Rule(
        id: "profile-values-changed",
        summary: "Shipped clients unwrap prop values exactly as their version froze (discriminators, value objects).",
        explanation: """
            Value wrapping was turned on or off, its keys changed, or the discriminator or value \
            object of a prop type that frozen components use changed. A discriminator for a type only \
            newer components use is not a change to frozen bytes. \(profileFix)
            """)
    static let profileNewShape = Rule(
        id: "profile-new-shape",
        summary: "A new wire shape for newer clients only: allowed, and reviewed.",
        explanation: """
            `Catalog.profileSince` names a version after this one: the version keeps the profile it \
            froze, and only clients of `profileSince` and later get the new shape. Each part that \
            differs is listed so reviewers see what the new clients will decode.
            """)
    static let profileRenamed = Rule(
        id: "profile-renamed",
        summary: "A wire profile's name is for messages only: renaming it changes no byte.",
        explanation: "Allowed. The new name is frozen with the next version.")
    public static let profileSinceInvalid = Rule(
        id: "profile-since-invalid",
        summary: "The first version of the live profile must be a frozen version or the next one.",
        explanation: """
            `Catalog.profileSince` is the first contract version whose clients decode \
            `Catalog.profile`. It is 1 (every version), a frozen version whose successors froze the \
            same profile, or the newest frozen version plus one (a new shape for the next version). \
            Every served version's profile must also agree on whether device layouts are merged into \
            one document, since that decides which documents are published.
            """)
    static let enumConflict = Rule(
        id: "enum-conflict",
        summary: "One enum name must mean one set of values.",
        explanation: "Two Swift enums share a contract name but have different values. Rename one (`contractName`).")
    static let declarationDuplicate = Rule(
        id: "declaration-duplicate",
        summary: "A wire type or action kind can be declared only once.",
        explanation: "Two declarations share a wire name; remove one from the catalog or rename it.")
    static let exemptionUnused = Rule(
        id: "exemption-unused",
        summary: "An exemption that matches nothing hides nothing and would silently hide a future break.",
        explanation: "Remove the exemption from the exemptions file, or correct its rule or element.")
    static let exemptionInvalid = Rule(
        id: "exemption-invalid",
        summary: "An exemption needs a rule, an element and a reason.",
        explanation: "Each exemption is {\"rule\": ID, \"element\": PATH, \"reason\": TEXT}; fix the exemptions file.")
}
