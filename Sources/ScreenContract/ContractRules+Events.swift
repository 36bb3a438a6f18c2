import ScreenKit

/// The rules for analytics events and component triggers: events flow back from apps already in
/// users' hands, so a frozen event keeps its name, its params' keys, types and presence, and its meaning.
extension ContractRules {
    /// The breaking rules for events and triggers.
    static let eventBreaking: [Rule] = [
        eventRemoved, eventRenamed, eventParamRemoved, eventParamRenamed, eventParamTypeChanged,
        eventParamPresenceChanged, eventParamAddedRequired, componentTriggerRemoved,
    ]

    /// The allowed, additive rules for events and triggers.
    static let eventAllowed: [Rule] = [eventAdded, eventParamAdded, componentTriggerAdded]

    static let eventRemoved = Rule(
        id: "event-removed",
        summary: "Apps already shipped keep sending the event; the server would refuse it.",
        explanation: """
            An analytics event in a frozen contract version is missing from the live catalog. Apps \
            that shipped with it send it for as long as they are installed, and the server checks \
            every batch against the contract, so their events would be rejected and dashboards built \
            on it go blank. Keep the event declared; to stop collecting it, stop attaching it to nodes.
            """)
    static let eventRenamed = Rule(
        id: "event-renamed",
        summary: "An event's name is the contract: renaming it splits every dashboard in two.",
        explanation: """
            An event disappeared and an event with the same params appeared: its name changed. Old \
            apps keep sending the old name and analytics pipelines key on it. Restore the frozen name \
            (the Swift type may keep its new name) or declare the new event beside the old one.
            """)
    static let eventParamRemoved = Rule(
        id: "event-param-removed",
        summary: "Apps already shipped send every param their contract version declares.",
        explanation: """
            A param of a frozen event is missing from the live declaration: batches from shipped apps \
            carry it and would be refused as an unknown param. Restore it exactly as frozen: an \
            optional param may simply stop being set; a required one stays required (making it \
            optional is `event-param-presence-changed`).
            """)
    static let eventParamRenamed = Rule(
        id: "event-param-renamed",
        summary: "A param's key is the contract; renaming it removes the old key from old apps' events.",
        explanation: """
            A param disappeared and a param of the same type and presence appeared on the same event: \
            its key changed. Restore the frozen key; the Swift property may keep its new name.
            """)
    static let eventParamTypeChanged = Rule(
        id: "event-param-type-changed",
        summary: "A retyped param makes old apps' events invalid and mixes types in every column built on it.",
        explanation: """
            The param's type differs from a frozen version (for example a number became a string, or \
            an enum another enum). Declare a new param with the new type instead.
            """)
    static let eventParamPresenceChanged = Rule(
        id: "event-param-presence-changed",
        summary: "Making a param required or optional changes whether apps and pipelines may rely on it.",
        explanation: """
            A param changed between required and optional. Apps that shipped when it was optional \
            send events without it, which a required param refuses; decoders that shipped when it was \
            required fail on a screen whose event lacks it. Keep the frozen presence.
            """)
    static let eventParamAddedRequired = Rule(
        id: "event-param-added-required",
        summary: "Apps already shipped do not send a param that did not exist.",
        explanation: """
            A param was added to an existing event as required. Declare it optional: old apps' events \
            come without it.
            """)
    static let componentTriggerRemoved = Rule(
        id: "component-trigger-removed",
        summary: "Apps already shipped fire the component's frozen triggers; screens may no longer use them.",
        explanation: """
            A trigger of a custom component in a frozen contract version is missing from the live \
            declaration (`.triggering(...)`). Screens that attach events to it stop compiling and \
            shipped apps' events on it lose their meaning. Restore the trigger.
            """)
    static let eventAdded = Rule(
        id: "event-added",
        summary: "A new analytics event: allowed.",
        explanation: "Additive change. Variants for versions without it carry nodes without the event.")
    static let eventParamAdded = Rule(
        id: "event-param-added",
        summary: "A new optional event param: allowed.",
        explanation: "Additive change. Variants for versions without it carry the event without the param.")
    static let componentTriggerAdded = Rule(
        id: "component-trigger-added",
        summary: "A new trigger of a custom component: allowed.",
        explanation: "Additive change. Variants for versions without it carry nodes without events on it.")
}
