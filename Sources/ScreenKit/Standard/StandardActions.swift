extension ActionSchema {
    /// Navigate to another screen.
    public static let navigate = ActionSchema(
        kind: "navigate",
        fields: [
            .required("destination", .string, nonEmpty: true).referring(to: .screen),
            .defaulted("params", .map(.string), .map([:])),
            .defaulted("presentation", Presentation.push),
        ]
    )

    /// Call an API endpoint, sending values from the screen's state.
    public static let apiCall = ActionSchema(
        kind: "apiCall",
        fields: [
            .required("endpoint", .string, nonEmpty: true),
            .defaulted("method", .string, "POST"),
            .defaulted("bodyFromState", .list(.string), .list([])).referring(to: .stateKey),
        ]
    )

    /// Set a state key to a value.
    public static let updateState = ActionSchema(
        kind: "updateState",
        fields: [
            .required("key", .string, nonEmpty: true).referring(to: .stateKey),
            .required("value", .scalar),
        ]
    )

    /// Show an alert.
    public static let showAlert = ActionSchema(
        kind: "showAlert",
        fields: [
            .required("title", .string),
            .optional("message", .string),
        ]
    )

    /// Open a URL outside the app.
    public static let openURL = ActionSchema(kind: "openURL", fields: [.required("url", .url)])

    /// Run actions one after another.
    public static let sequence = ActionSchema(kind: "sequence", fields: [.required("actions", .list(.action))])

    /// Open the system share sheet for a URL (contract version 2); older clients open the URL.
    public static let share = ActionSchema(
        kind: "share", fields: [.required("url", .url), .optional("message", .string)], fallback: .node
    )
}

extension Action {
    /// Navigate to the screen with this ID.
    public static func navigate(
        to destination: String, params: [String: String] = [:], presentation: Presentation = .push
    ) -> Action {
        Action(
            .navigate,
            fields: [
                Prop(key: "destination", value: .string(destination)),
                Prop(key: "params", value: .map(params.isEmpty ? [:] : params.mapValues { .string($0) })),
                Prop(key: "presentation", value: presentation.wireValue),
            ]
        )
    }

    /// Call `endpoint` with `method`, sending the named state keys as the body.
    public static func apiCall(_ endpoint: String, method: String = "POST", bodyFromState: [String] = []) -> Action {
        Action(
            .apiCall,
            fields: [
                Prop(key: "endpoint", value: .string(endpoint)),
                Prop(key: "method", value: .string(method)),
                Prop(key: "bodyFromState", value: .list(bodyFromState.map { .string($0) })),
            ]
        )
    }

    /// Set the state key to a string.
    public static func updateState(_ key: String, to value: String) -> Action {
        updateState(key, value: .string(value))
    }

    /// Set the state key to a number.
    public static func updateState(_ key: String, to value: Double) -> Action {
        updateState(key, value: .number(value))
    }

    /// Set the state key to a Boolean.
    public static func updateState(_ key: String, to value: Bool) -> Action {
        updateState(key, value: .bool(value))
    }

    private static func updateState(_ key: String, value: Value) -> Action {
        Action(.updateState, fields: [Prop(key: "key", value: .string(key)), Prop(key: "value", value: value)])
    }

    /// Show an alert with a title and an optional message.
    public static func showAlert(title: String, message: String? = nil) -> Action {
        var fields = [Prop(key: "title", value: .string(title))]
        if let message { fields.append(Prop(key: "message", value: .string(message))) }
        return Action(.showAlert, fields: fields)
    }

    /// Open a URL.
    public static func openURL(_ url: String) -> Action {
        Action(.openURL, fields: [Prop(key: "url", value: .string(url))])
    }

    /// Run the actions in order: `.sequence(.apiCall("/api/v1/session"), .navigate(to: "home"))`.
    public static func sequence(_ actions: Action...) -> Action {
        sequence(actions)
    }

    /// Run the actions a builder block produces, in order; write each as `Action.kind(...)`,
    /// since a line starting with `.` would continue the line before it.
    public static func sequence(@ActionBuilder _ actions: () -> [Action]) -> Action {
        sequence(actions())
    }

    /// Share a URL with an optional message; clients that predate `share` open the URL instead.
    public static func share(_ url: String, message: String? = nil) -> Action {
        var fields = [Prop(key: "url", value: .string(url))]
        if let message { fields.append(Prop(key: "message", value: .string(message))) }
        return Action(.share, fields: fields, fallback: .action(.openURL(url)))
    }

    private static func sequence(_ actions: [Action]) -> Action {
        Action(.sequence, fields: [Prop(key: "actions", value: .list(actions.map { .action($0) }))])
    }
}
