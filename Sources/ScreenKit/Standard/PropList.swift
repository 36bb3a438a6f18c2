extension Array where Element == Prop {
    /// The props whose values are set, in the given order.
    public static func set(_ pairs: KeyValuePairs<String, Value?>) -> [Prop] {
        var props: [Prop] = []
        for (key, value) in pairs {
            if let value { props.append(Prop(key: key, value: value)) }
        }
        return props
    }
}

extension Prop {
    /// The prop `key` set to `value`, or nil when `value` is nil.
    static func ifSet(_ key: String, _ value: Value?) -> Prop? {
        value.map { Prop(key: key, value: $0) }
    }
}

extension Optional where Wrapped == Double {
    var wire: Value? { map { .number($0) } }
}

extension Optional where Wrapped: WireEnum {
    var wire: Value? { map { $0.wireValue } }
}
