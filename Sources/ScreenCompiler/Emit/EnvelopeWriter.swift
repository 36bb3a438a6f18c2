import ScreenJSON
import ScreenKit

/// Writes envelopes: one screen's payload for one client contract version, deterministically.
///
/// Props are written in the order the component declares them, each defaulted prop explicitly,
/// absent optional props never; map keys are sorted. Nothing else decides the byte order.
struct EnvelopeWriter {
    /// The envelope format this writer produces; clients decode it before anything else.
    static let format = 1

    let context: ValidationContext
    let style: JSONStyle
    private var json: JSONWriter

    init(context: ValidationContext, style: JSONStyle) {
        self.context = context
        self.style = style
        self.json = JSONWriter(style: style, capacity: 4096)
    }

    /// The envelope of `screen`, written for clients of contract `contract`.
    mutating func envelope(
        _ screen: Screen, root: Node, contract: Int, minContract: Int
    ) throws(EmitError) -> [UInt8] {
        json.beginObject()
        json.key("format")
        json.integer(Self.format)
        json.key("id")
        json.string(screen.id)
        json.key("contract")
        json.integer(contract)
        json.key("minContract")
        json.integer(minContract)
        if let title = screen.title {
            json.key("title")
            json.string(title)
        }
        json.key("initialState")
        try writeMap(screen.initialState, at: screen.source)
        json.key("root")
        try writeNode(root)
        json.endObject()
        if style == .pretty { json.newline() }
        return json.takeBytes()
    }

    private mutating func writeNode(_ node: Node) throws(EmitError) {
        guard let schema = context.components[node.type] else {
            throw EmitError(message: "component type \"\(node.type)\" is not declared", location: node.source)
        }
        json.beginObject()
        json.key("type")
        json.string(node.type)
        json.key("id")
        json.string(node.id ?? "")
        for declared in schema.props {
            guard let value = node[prop: declared.key] ?? declared.defaultValue else { continue }
            json.key(declared.key)
            try writeValue(value, at: node.source)
        }
        if schema.hasChildren {
            json.key("children")
            json.beginArray()
            for child in node.children ?? [] { try writeNode(child) }
            json.endArray()
        }
        switch node.fallback {
        case .node(let fallback):
            json.key("fallback")
            try writeNode(fallback)
        case .drop:
            json.key("fallback")
            json.string("drop")
        case nil:
            break
        }
        json.endObject()
    }

    private mutating func writeValue(_ value: Value, at source: SourceLocation) throws(EmitError) {
        switch value {
        case .string(let string):
            json.string(string)
        case .number(let number):
            do {
                try json.number(number)
            } catch {
                throw EmitError(message: "\(number) is not a finite number; JSON cannot represent it", location: source)
            }
        case .bool(let bool):
            json.bool(bool)
        case .list(let values):
            json.beginArray()
            for item in values { try writeValue(item, at: source) }
            json.endArray()
        case .map(let map):
            try writeMap(map, at: source)
        case .action(let action):
            try writeAction(action, at: source)
        }
    }

    private mutating func writeMap(_ map: [String: Value], at source: SourceLocation) throws(EmitError) {
        json.beginObject()
        for key in map.keys.sorted() {
            json.key(key)
            try writeValue(map[key]!, at: source)
        }
        json.endObject()
    }

    private mutating func writeAction(_ action: Action, at source: SourceLocation) throws(EmitError) {
        guard let schema = context.actions[action.kind] else {
            throw EmitError(message: "action kind \"\(action.kind)\" is not declared", location: source)
        }
        json.beginObject()
        json.key("type")
        json.string(action.kind)
        for declared in schema.fields {
            guard let value = action[field: declared.key] ?? declared.defaultValue else { continue }
            json.key(declared.key)
            try writeValue(value, at: source)
        }
        switch action.fallback {
        case .action(let fallback):
            json.key("fallback")
            try writeAction(fallback, at: source)
        case .drop:
            json.key("fallback")
            json.string("drop")
        case nil:
            break
        }
        json.endObject()
    }
}

/// A value the writer cannot represent; validation normally reports it first.
struct EmitError: Error {
    let message: String
    let location: SourceLocation
}
