import ScreenKit

/// The envelope as the Codable model a Swift developer would write for the same wire format,
/// for the JSONEncoder comparison: typed optional fields, synthesized `Encodable`.
struct CodableEnvelope: Encodable {
    let format: Int
    let id: String
    let contract: Int
    let minContract: Int
    let title: String?
    let initialState: [String: CodableScalar]
    let root: CodableNode
}

enum CodableScalar: Encodable {
    case string(String)
    case number(Double)
    case bool(Bool)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }

    init(_ value: Value) {
        switch value {
        case .number(let number): self = .number(number)
        case .bool(let bool): self = .bool(bool)
        case .string(let string): self = .string(string)
        default: self = .string("")
        }
    }
}

final class CodableNode: Encodable {
    var type = ""
    var id = ""
    var content: String?
    var style: String?
    var color: String?
    var maxLines: Double?
    var url: String?
    var contentMode: String?
    var width: Double?
    var height: Double?
    var cornerRadius: Double?
    var accessibilityLabel: String?
    var label: String?
    var action: CodableAction?
    var isEnabled: Bool?
    var placeholder: String?
    var stateKey: String?
    var keyboardType: String?
    var isSecure: Bool?
    var spacing: Double?
    var padding: Double?
    var alignment: String?
    var axis: String?
    var thickness: Double?
    var title: String?
    var price: String?
    var imageURL: String?
    var badge: String?
    var children: [CodableNode]?
    var fallback: CodableNode?
    var fallbackDrop: String?

    /// The model of a resolved node, with defaults filled in from the schemas as the writer does.
    init(_ node: Node, schemas: [String: ComponentSchema]) {
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

final class CodableAction: Encodable {
    var type: String
    var destination: String?
    var params: [String: String]?
    var presentation: String?
    var endpoint: String?
    var method: String?
    var bodyFromState: [String]?
    var key: String?
    var value: CodableScalar?
    var title: String?
    var message: String?
    var url: String?
    var actions: [CodableAction]?
    var fallback: CodableAction?

    init(_ action: Action) {
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
    convenience init(type: String, id: String) {
        self.init(Node(type: type, id: id, source: SourceLocation(file: "", line: 0, column: 0)), schemas: [:])
    }

    /// Leaves out every inline fallback, as a variant does.
    func removeFallbacks() {
        fallback = nil
        fallbackDrop = nil
        for child in children ?? [] { child.removeFallbacks() }
    }
}

extension CodableAction {
    /// `navigate` to `destination`, with the defaults written out.
    convenience init(navigateTo destination: String) {
        self.init(.navigate(to: destination))
        params = [:]
        presentation = "push"
    }

    /// `openURL`.
    convenience init(openURL url: String) {
        self.init(.openURL(url))
    }
}
