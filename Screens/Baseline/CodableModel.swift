import ScreenKit

/// The envelope as the Codable model a Swift developer would write for the same wire format, for
/// the JSONEncoder comparisons of the benchmarks and the example servers: typed optional fields,
/// synthesized `Encodable`. Not ScreenKit's way: the payload a team writes without it.
public struct CodableEnvelope: Encodable {
    /// The `format` key.
    public let format: Int
    /// The `id` key.
    public let id: String
    /// The `contract` key.
    public let contract: Int
    /// The `minContract` key.
    public let minContract: Int
    /// The `title` key.
    public let title: String?
    /// The `initialState` key.
    public let initialState: [String: CodableScalar]
    /// The `root` key.
    public let root: CodableNode

    /// An envelope.
    public init(
        format: Int, id: String, contract: Int, minContract: Int, title: String?,
        initialState: [String: CodableScalar], root: CodableNode
    ) {
        self.format = format
        self.id = id
        self.contract = contract
        self.minContract = minContract
        self.title = title
        self.initialState = initialState
        self.root = root
    }
}

/// A scalar of `initialState` or `updateState`.
public enum CodableScalar: Encodable {
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// A bool.
    case bool(Bool)

    /// Encodes it as JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }

    /// The scalar of a value (a container becomes an empty string).
    public init(_ value: Value) {
        switch value {
        case .number(let number): self = .number(number)
        case .bool(let bool): self = .bool(bool)
        case .string(let string): self = .string(string)
        default: self = .string("")
        }
    }
}

/// A node: every prop of every component as an optional field.
public final class CodableNode: Encodable {
    /// The `type` key.
    public var type = ""
    /// The `id` key.
    public var id = ""
    /// The `content` key.
    public var content: String?
    /// The `style` key.
    public var style: String?
    /// The `color` key.
    public var color: String?
    /// The `maxLines` key.
    public var maxLines: Double?
    /// The `url` key.
    public var url: String?
    /// The `contentMode` key.
    public var contentMode: String?
    /// The `width` key.
    public var width: Double?
    /// The `height` key.
    public var height: Double?
    /// The `cornerRadius` key.
    public var cornerRadius: Double?
    /// The `accessibilityLabel` key.
    public var accessibilityLabel: String?
    /// The `label` key.
    public var label: String?
    /// The `action` key.
    public var action: CodableAction?
    /// The `isEnabled` key.
    public var isEnabled: Bool?
    /// The `placeholder` key.
    public var placeholder: String?
    /// The `stateKey` key.
    public var stateKey: String?
    /// The `keyboardType` key.
    public var keyboardType: String?
    /// The `isSecure` key.
    public var isSecure: Bool?
    /// The `spacing` key.
    public var spacing: Double?
    /// The `padding` key.
    public var padding: Double?
    /// The `alignment` key.
    public var alignment: String?
    /// The `axis` key.
    public var axis: String?
    /// The `thickness` key.
    public var thickness: Double?
    /// The `title` key.
    public var title: String?
    /// The `price` key.
    public var price: String?
    /// The `imageURL` key.
    public var imageURL: String?
    /// The `badge` key.
    public var badge: String?
    /// The `children` key.
    public var children: [CodableNode]?
    /// The `fallback` key.
    public var fallback: CodableNode?
    /// The `fallbackDrop` key.
    public var fallbackDrop: String?

    /// The model of a resolved node, with defaults filled in from the schemas as the writer does.
    public init(_ node: Node, schemas: [String: ComponentSchema]) {
        type = node.type
        id = node.id ?? ""
        let schema = schemas[node.type]
        for declared in schema?.props ?? [] {
            guard let value = node[prop: declared.key] ?? declared.defaultValue else { continue }
            set(declared.key, value)
        }
        if schema?.hasChildren == true { children = (node.children ?? []).map { CodableNode($0, schemas: schemas) } }
        switch node.fallback {
        case .node(let replacement): fallback = CodableNode(replacement, schemas: schemas)
        case .drop: fallbackDrop = "drop"
        case nil: break
        }
    }

    private func set(_ key: String, _ value: Value) {
        func string() -> String? { if case .string(let s) = value { s } else { nil } }
        func number() -> Double? { if case .number(let n) = value { n } else { nil } }
        func bool() -> Bool? { if case .bool(let b) = value { b } else { nil } }
        switch key {
        case "content": content = string()
        case "style": style = string()
        case "color": color = string()
        case "maxLines": maxLines = number()
        case "url": url = string()
        case "contentMode": contentMode = string()
        case "width": width = number()
        case "height": height = number()
        case "cornerRadius": cornerRadius = number()
        case "accessibilityLabel": accessibilityLabel = string()
        case "label": label = string()
        case "action": if case .action(let a) = value { action = CodableAction(a) }
        case "isEnabled": isEnabled = bool()
        case "placeholder": placeholder = string()
        case "stateKey": stateKey = string()
        case "keyboardType": keyboardType = string()
        case "isSecure": isSecure = bool()
        case "spacing": spacing = number()
        case "padding": padding = number()
        case "alignment": alignment = string()
        case "axis": axis = string()
        case "thickness": thickness = number()
        case "title": title = string()
        case "price": price = string()
        case "imageURL": imageURL = string()
        case "badge": badge = string()
        default: break
        }
    }
}

/// An action: every field of every kind as an optional field.
public final class CodableAction: Encodable {
    /// The `type` key.
    public var type: String
    /// The `destination` key.
    public var destination: String?
    /// The `params` key.
    public var params: [String: String]?
    /// The `presentation` key.
    public var presentation: String?
    /// The `endpoint` key.
    public var endpoint: String?
    /// The `method` key.
    public var method: String?
    /// The `bodyFromState` key.
    public var bodyFromState: [String]?
    /// The `key` key.
    public var key: String?
    /// The `value` key.
    public var value: CodableScalar?
    /// The `title` key.
    public var title: String?
    /// The `message` key.
    public var message: String?
    /// The `url` key.
    public var url: String?
    /// The `actions` key.
    public var actions: [CodableAction]?
    /// The `fallback` key.
    public var fallback: CodableAction?

    /// The model of an action.
    public init(_ action: Action) {
        type = action.kind
        for field in action.fields {
            switch (field.key, field.value) {
            case ("destination", .string(let s)): destination = s
            case ("params", .map(let m)): params = m.compactMapValues { if case .string(let s) = $0 { s } else { nil } }
            case ("presentation", .string(let s)): presentation = s
            case ("endpoint", .string(let s)): endpoint = s
            case ("method", .string(let s)): method = s
            case ("bodyFromState", .list(let l)):
                bodyFromState = l.compactMap { if case .string(let s) = $0 { s } else { nil } }
            case ("key", .string(let s)): key = s
            case ("value", let v): value = CodableScalar(v)
            case ("title", .string(let s)): title = s
            case ("message", .string(let s)): message = s
            case ("url", .string(let s)): url = s
            case ("actions", .list(let l)):
                actions = l.compactMap { if case .action(let a) = $0 { CodableAction(a) } else { nil } }
            default: break
            }
        }
        if case .action(let replacement) = action.fallback { fallback = CodableAction(replacement) }
    }
}

extension CodableNode {
    /// An empty node of `type`, filled in by hand.
    public convenience init(type: String, id: String) {
        self.init(Node(type: type, id: id, source: SourceLocation(file: "", line: 0, column: 0)), schemas: [:])
    }

    /// Leaves out every inline fallback, as a variant does.
    public func removeFallbacks() {
        fallback = nil
        fallbackDrop = nil
        for child in children ?? [] { child.removeFallbacks() }
    }
}

extension CodableAction {
    /// `navigate` to `destination`, with the defaults written out.
    public convenience init(navigateTo destination: String) {
        self.init(.navigate(to: destination))
        params = [:]
        presentation = "push"
    }

    /// `openURL`.
    public convenience init(openURL url: String) {
        self.init(.openURL(url))
    }
}
