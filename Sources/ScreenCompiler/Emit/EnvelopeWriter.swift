import ScreenContract
import ScreenJSON
import ScreenKit

/// Writes envelopes: a screen's full payload, or its variant for one older client contract version.
///
/// Props are written in the order the component declares them, each defaulted prop explicitly,
/// absent optional props never; map keys are sorted. Nothing else decides the byte order.
///
/// A variant is written straight from the tree, without building a downleveled copy: nodes the
/// version does not know are replaced by their fallback (or dropped), props it does not know are
/// left out, enum values are mapped through their fallbacks and action kinds through theirs. Inline
/// fallbacks are not written into variants: a variant holds exactly what its clients render.
struct EnvelopeWriter {
    /// The envelope format this writer produces; clients decode it before anything else.
    static let format = 1

    let context: ValidationContext
    let style: JSONStyle
    private var json: JSONWriter
    private var view: VersionView?
    private var path: [String] = []

    /// What the last variant changed for its clients.
    private(set) var downgrades: [Downgrade] = []
    /// Problems found while writing the last variant: missing fallbacks, repeated IDs.
    private(set) var problems: [Diagnostic] = []
    /// Nodes written from fallbacks in this variant, and the primary IDs they replaced.
    private var fallbackIDs: [(String, SourceLocation)] = []
    private var removedIDs: Set<String> = []
    private var fallbackDepth = 0

    init(context: ValidationContext, style: JSONStyle) {
        self.context = context
        self.style = style
        self.json = JSONWriter(style: style, capacity: 4096)
    }

    /// The envelope of `screen` written for clients of `contract`: the full envelope when `view`
    /// is nil, else the variant for `view`'s version.
    ///
    /// Returns the bytes and the offset where the part after the `contract` number starts, so
    /// variants that differ only in that number can be recognized.
    mutating func envelope(
        _ screen: Screen, root: Node, contract: Int, minContract: Int, view: VersionView?,
        primaryIDs: () -> Set<String> = { [] }
    ) throws(EmitError) -> (bytes: [UInt8], bodyStart: Int) {
        self.view = view
        downgrades = []
        problems = []
        fallbackIDs = []
        removedIDs = []
        fallbackDepth = 0
        path = [screen.id]
        json.beginObject()
        json.key("format")
        json.integer(Self.format)
        json.key("id")
        json.string(screen.id)
        json.key("contract")
        json.integer(contract)
        let bodyStart = json.count
        json.key("minContract")
        json.integer(minContract)
        if let title = screen.title {
            json.key("title")
            json.string(title)
        }
        json.key("initialState")
        try writeMap(screen.initialState, at: screen.source)
        json.key("root")
        if try !writeNode(root) {
            if let view, case .drop = root.fallback {
                problems.append(
                    ScreenRules.fallbackMissing.diagnostic(
                        "the root \"\(root.type)\" would be dropped for clients of contract \(view.version); give it a node fallback",
                        at: root.source, path: screen.id))
            }
            json.null()
        }
        json.endObject()
        if style == .pretty { json.newline() }
        if !fallbackIDs.isEmpty { checkFallbackIDs(primary: primaryIDs()) }
        return (json.takeBytes(), bodyStart)
    }

    /// Writes `node` (or, in a variant, what replaces it); false when the variant drops it.
    private mutating func writeNode(_ node: Node) throws(EmitError) -> Bool {
        guard let view else { return try writeKnown(node, mask: nil) }
        if let mask = view.props(of: node.type) { return try writeKnown(node, mask: mask) }
        var current = node
        while true {
            let id = current.id ?? ""
            switch current.fallback {
            case .node(let replacement):
                downgrades.append(.replaced(nodeID: id, type: current.type, by: replacement.type))
                removedIDs.formUnion(current.primaryIDs)
                current = replacement
            case .drop:
                downgrades.append(.dropped(nodeID: id, type: current.type))
                removedIDs.formUnion(current.primaryIDs)
                return false
            case nil:
                problems.append(
                    ScreenRules.fallbackMissing.diagnostic(
                        "\"\(current.type)\" is unknown to clients of contract \(view.version) and has no fallback",
                        at: current.source, path: (path + [id]).joined(separator: "/")))
                return false
            }
            if let mask = view.props(of: current.type) {
                fallbackDepth += 1
                defer { fallbackDepth -= 1 }
                return try writeKnown(current, mask: mask)
            }
        }
    }

    /// Writes a node whose type the version knows; `mask` says which declared props it knows (nil: all).
    private mutating func writeKnown(_ node: Node, mask: [Bool]?) throws(EmitError) -> Bool {
        guard let plan = context.plans[node.type] else {
            throw EmitError(message: "component type \"\(node.type)\" is not declared", location: node.source)
        }
        let id = node.id ?? ""
        if fallbackDepth > 0 { fallbackIDs.append((id, node.source)) }
        // The path only names nodes in diagnostics, which only variants produce.
        let tracksPath = view != nil
        if tracksPath { path.append(id) }
        defer { if tracksPath { path.removeLast() } }
        json.beginObject()
        json.key("type")
        json.string(node.type)
        json.key("id")
        json.string(id)
        let props = node.props
        for index in plan.keys.indices {
            let key = plan.keys[index]
            var set: Value?
            for prop in props.indices where props[prop].key == key {
                set = props[prop].value
                break
            }
            guard let value = set ?? plan.defaults[index] else { continue }
            if let mask, !mask[index] {
                if set != nil { downgrades.append(.propRemoved(nodeID: id, type: node.type, key: key)) }
                continue
            }
            json.key(key)
            switch value {
            case .string(let string) where view == nil || !plan.isEnumeration[index]:
                json.string(string)
            case .number(let number):
                do {
                    try json.number(number)
                } catch {
                    throw EmitError(
                        message: "\(number) is not a finite number; JSON cannot represent it", location: node.source)
                }
            case .bool(let bool):
                json.bool(bool)
            case .action(let action) where view != nil:
                try writeAction(resolve(action, at: id) ?? Self.noOperation, at: node.source)
            default:
                try writeValue(value, type: plan.types[index], at: node.source)
            }
        }
        if plan.hasChildren {
            json.key("children")
            json.beginArray()
            try node.forEachChild { (child) throws(EmitError) in _ = try writeNode(child) }
            json.endArray()
        }
        if view == nil {
            switch node.fallback {
            case .node(let fallback):
                json.key("fallback")
                _ = try writeNode(fallback)
            case .drop:
                json.key("fallback")
                json.string("drop")
            case nil:
                break
            }
        }
        json.endObject()
        return true
    }

    /// In a variant: the nodes that came from fallbacks must not repeat an ID of each other or of
    /// the primary nodes the variant keeps.
    private mutating func checkFallbackIDs(primary: Set<String>) {
        guard let view, !fallbackIDs.isEmpty else { return }
        var seen: Set<String> = []
        for (id, source) in fallbackIDs {
            let clashes = primary.contains(id) && !removedIDs.contains(id)
            if clashes || !seen.insert(id).inserted {
                problems.append(
                    ScreenRules.idDuplicate.diagnostic(
                        "node ID \"\(id)\" appears twice in the payload for contract \(view.version)", at: source,
                        path: path.joined(separator: "/")))
            }
        }
    }

    /// An action that does nothing, for a dropped action where one is required: an empty sequence.
    private static let noOperation = Action(kind: "sequence", fields: [Prop(key: "actions", value: .list([]))])

    /// In a variant: the action itself, its fallback when the version lacks its kind, or nil when dropped.
    private mutating func resolve(_ original: Action, at nodeID: String) -> Action? {
        guard let view else { return original }
        var action = original
        while !view.knows(action: action.kind) {
            switch action.fallback {
            case .action(let replacement):
                downgrades.append(.actionReplaced(nodeID: nodeID, kind: action.kind, by: replacement.kind))
                action = replacement
            case .drop, nil:
                downgrades.append(.actionDropped(nodeID: nodeID, kind: action.kind))
                return nil
            }
        }
        return action
    }

    private mutating func writeValue(_ value: Value, type: PropType, at source: SourceLocation) throws(EmitError) {
        switch (value, type) {
        case (.string(let string), .enumeration(let schema)):
            json.string(map(string, in: schema, at: source))
        case (.string(let string), _):
            json.string(string)
        case (.number(let number), _):
            do {
                try json.number(number)
            } catch {
                throw EmitError(message: "\(number) is not a finite number; JSON cannot represent it", location: source)
            }
        case (.bool(let bool), _):
            json.bool(bool)
        case (.list(let values), _):
            let element: PropType
            if case .list(let declared) = type { element = declared } else { element = .scalar }
            json.beginArray()
            for item in values {
                if case .action(let action) = item, view != nil {
                    if let resolved = resolve(action, at: path.last ?? "") { try writeAction(resolved, at: source) }
                } else {
                    try writeValue(item, type: element, at: source)
                }
            }
            json.endArray()
        case (.map(let map), _):
            let element: PropType
            if case .map(let declared) = type { element = declared } else { element = .scalar }
            json.beginObject()
            for key in map.keys.sorted() {
                json.key(key)
                try writeValue(map[key]!, type: element, at: source)
            }
            json.endObject()
        case (.action(let action), _):
            try writeAction(action, at: source)
        }
    }

    /// In a variant: `value`, or the first value of its fallback chain the version knows.
    private mutating func map(_ value: String, in schema: EnumSchema, at source: SourceLocation) -> String {
        guard let view, !view.knows(value: value, of: schema.name) else { return value }
        var current = value
        var visited: Set<String> = []
        while visited.insert(current).inserted {
            guard let next = schema.cases.first(where: { $0.value == current })?.fallback else { break }
            if view.knows(value: next, of: schema.name) {
                downgrades.append(.enumMapped(nodeID: path.last ?? "", enumName: schema.name, from: value, to: next))
                return next
            }
            current = next
        }
        problems.append(
            ScreenRules.fallbackMissing.diagnostic(
                "\(schema.name) value \"\(value)\" is unknown to clients of contract \(view.version) and has no fallback they know",
                at: source, path: path.joined(separator: "/")))
        return value
    }

    private mutating func writeMap(_ map: [String: Value], at source: SourceLocation) throws(EmitError) {
        json.beginObject()
        for key in map.keys.sorted() {
            json.key(key)
            try writeValue(map[key]!, type: .scalar, at: source)
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
        let mask = view?.fields(of: action.kind)
        for (index, declared) in schema.fields.enumerated() {
            guard let value = action[field: declared.key] ?? declared.defaultValue else { continue }
            if let mask, !mask[index] {
                if action[field: declared.key] != nil {
                    downgrades.append(.fieldRemoved(nodeID: path.last ?? "", kind: action.kind, key: declared.key))
                }
                continue
            }
            json.key(declared.key)
            if case .action(let nested) = value, view != nil {
                try writeAction(resolve(nested, at: path.last ?? "") ?? Self.noOperation, at: source)
            } else {
                try writeValue(value, type: declared.type, at: source)
            }
        }
        if view == nil {
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
        }
        json.endObject()
    }
}

/// A value the writer cannot represent; validation normally reports it first.
struct EmitError: Error {
    let message: String
    let location: SourceLocation
}
