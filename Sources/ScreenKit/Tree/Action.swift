/// A typed, declarative action: a wire kind and its fields, never code.
public struct Action: Sendable, Hashable {
    /// The action's wire kind, e.g. `navigate`.
    public var kind: String
    /// The fields that were set, in the order they were set.
    public var fields: [Prop]
    /// What an older client runs in place of an action kind it does not know.
    public var fallback: ActionFallback?

    /// Creates an action of a declared kind.
    public init(_ schema: ActionSchema, fields: [Prop], fallback: ActionFallback? = nil) {
        self.kind = schema.kind
        self.fields = fields
        self.fallback = fallback
    }

    /// Creates an action from its wire kind.
    public init(kind: String, fields: [Prop], fallback: ActionFallback? = nil) {
        self.kind = kind
        self.fields = fields
        self.fallback = fallback
    }

    /// The value of the field with this wire key, if set.
    public subscript(field key: String) -> Value? {
        for field in fields where field.key == key { return field.value }
        return nil
    }
}

/// What an older client runs in place of an action kind it does not know.
public indirect enum ActionFallback: Sendable, Hashable {
    /// Run this action instead.
    case action(Action)
    /// Do nothing.
    case drop
}
