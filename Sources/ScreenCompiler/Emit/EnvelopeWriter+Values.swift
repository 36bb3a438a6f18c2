import ScreenContract
import ScreenJSON
import ScreenKit

// Writing values: enum values mapped through their fallbacks, maps, and actions resolved for each version.
extension EnvelopeWriter {
    /// The supported variants that know the value `value` of the enum `schema`, as bits (see
    /// ``supported``).
    func variantsKnowing(_ value: String, of schema: EnumSchema) -> UInt64 {
        var knowing: UInt64 = 0
        for (index, view) in supported.prefix(64).enumerated() where view.knows(value: value, of: schema.name) {
            knowing |= 1 << UInt64(index)
        }
        return knowing
    }

    /// Writes a value. In the full pass, given `identical` other than 0, also clears from it the
    /// variants that write the value differently: those that lack one of its enum values, action
    /// kinds or action fields, and all of them for an action with a fallback (the full envelope
    /// writes the fallback, variants never do).
    mutating func writeValue(
        _ value: Value, type: PropType, at node: Int, identical: inout UInt64
    ) throws(EmitError) {
        switch (value, type) {
        case (.string(let string), .enumeration(let schema)):
            if identical != 0 { identical &= variantsKnowing(string, of: schema) }
            json.string(map(string, in: schema, at: node))
        case (.string(let string), .color) where ColorToken.isTokenName(string):
            if identical != 0 { identical &= variantsKnowing(token: string) }
            json.string(map(token: string, at: node))
        case (.string(let string), _):
            json.string(string)
        case (.number(let number), _):
            do {
                try json.number(number)
            } catch {
                throw EmitError(
                    message: "\(number) is not a finite number; JSON cannot represent it", location: location(of: node))
            }
        case (.bool(let bool), _):
            json.bool(bool)
        case (.list(let values), _):
            let element: PropType
            if case .list(let declared) = type { element = declared } else { element = .scalar }
            json.beginArray()
            for item in values {
                if case .action(let action) = item, view != nil {
                    let id = LazyNodeID(self)
                    if let resolved = resolve(action, at: id.id) {
                        try writeAction(resolved, at: node, identical: &identical)
                    }
                } else {
                    try writeValue(item, type: element, at: node, identical: &identical)
                }
            }
            json.endArray()
        case (.map(let map), _):
            let element: PropType
            if case .map(let declared) = type { element = declared } else { element = .scalar }
            json.beginObject()
            for key in map.count < 2 ? Array(map.keys) : map.keys.sorted() {
                json.key(key)
                try writeValue(map[key]!, type: element, at: node, identical: &identical)
            }
            json.endObject()
        case (.action(let action), _):
            try writeAction(action, at: node, identical: &identical)
        case (.localized(let string), _):
            // Never reached through the compiler, which localizes every screen before writing it
            // (and whose value validator refuses a value left unresolved).
            json.string(string.defaultValue)
        }
    }

    /// In a variant: `value`, or the first value of its fallback chain the version knows.
    mutating func map(_ value: String, in schema: EnumSchema, at node: Int) -> String {
        guard let view else { return value }
        if agreeing != 0 { agreeOnValue(value, in: schema, with: view) }
        guard !view.knows(value: value, of: schema.name) else { return value }
        var current = value
        var visited: Set<String> = []
        while visited.insert(current).inserted {
            guard let next = schema.cases.first(where: { $0.value == current })?.fallback else { break }
            if view.knows(value: next, of: schema.name) {
                downgrades.append(.enumMapped(nodeID: pathNodeID, enumName: schema.name, from: value, to: next))
                return next
            }
            current = next
        }
        problems.append(
            ScreenRules.fallbackMissing.diagnostic(
                "\(schema.name) value \"\(value)\" is unknown to clients of contract \(view.version) and has no fallback they know",
                at: location(of: node), path: pathDescription()))
        return value
    }

    /// The supported variants that know the colour token `name`, as bits (see ``supported``).
    func variantsKnowing(token name: String) -> UInt64 {
        var knowing: UInt64 = 0
        for (index, view) in supported.prefix(64).enumerated() where view.knows(token: name) {
            knowing |= 1 << UInt64(index)
        }
        return knowing
    }

    /// In a variant: the token's name when the version knows it, else its light literal. Keeps in
    /// ``agreeing`` the older versions that write the same.
    mutating func map(token name: String, at node: Int) -> String {
        guard let view else { return name }
        let knows = view.knows(token: name)
        if agreeing != 0 {
            for (index, older) in agreement!.views.prefix(view.version - 1).enumerated()
            where agreeing & (1 << UInt64(index)) != 0 && older.knows(token: name) != knows {
                agreeing &= ~(1 << UInt64(index))
            }
        }
        guard !knows, let token = context.catalog.token(name) else { return name }
        downgrades.append(.tokenReplaced(nodeID: pathNodeID, token: name, by: token.light))
        return token.light
    }

    /// Keeps in ``agreeing`` the older versions that write the same value for `value` as `view`'s.
    mutating func agreeOnValue(_ value: String, in schema: EnumSchema, with view: VersionView) {
        func written(by version: VersionView) -> String {
            VersionAgreement.written(value, of: schema.name, by: version) { current in
                schema.cases.first { $0.value == current }?.fallback
            }
        }
        let mine = written(by: view)
        for (index, older) in agreement!.views.prefix(view.version - 1).enumerated()
        where agreeing & (1 << UInt64(index)) != 0 && written(by: older) != mine {
            agreeing &= ~(1 << UInt64(index))
        }
    }

    mutating func writeMap(_ map: [String: Value], at node: Int) throws(EmitError) {
        json.beginObject()
        for key in map.keys.sorted() {
            json.key(key)
            var unrecorded: UInt64 = 0
            try writeValue(map[key]!, type: .scalar, at: node, identical: &unrecorded)
        }
        json.endObject()
    }

    /// Writes an action; `identical` as for ``writeValue(_:type:at:identical:)``.
    mutating func writeAction(_ action: Action, at node: Int, identical: inout UInt64) throws(EmitError) {
        guard let kind = table.actionIndex(of: action.kind) else {
            throw EmitError(message: "action kind \"\(action.kind)\" is not declared", location: location(of: node))
        }
        if identical != 0 { identical = action.fallback == nil ? identical & bits.actions[kind] : 0 }
        let declaredKind = table.actions[kind]
        json.beginObject()
        arena.withUnsafeBufferPointer { arena in
            json.member(
                escaped: UnsafeBufferPointer(
                    rebasing: arena[Int(table.typeKey.lowerBound)..<Int(table.typeKey.upperBound)]),
                rawValue: UnsafeBufferPointer(rebasing: arena[Int(declaredKind.kindStart)..<Int(declaredKind.kindEnd)]))
        }
        let first = Int(declaredKind.firstField)
        for index in first..<first + Int(declaredKind.fieldCount) {
            let declared = table.fields[index]
            let name = table.fieldNames[index]
            let position = action.fields.firstIndex { $0.key == name }
            if position == nil && !declared.hasDefault { continue }
            if agreeing != 0 { agree(known.fields[index], with: agreement!.knowers.fields[index]) }
            if !known.fields[index] {
                if position != nil {
                    downgrades.append(.fieldRemoved(nodeID: pathNodeID, kind: action.kind, key: name))
                }
                continue
            }
            arena.withUnsafeBufferPointer { arena in
                json.key(
                    escaped: UnsafeBufferPointer(rebasing: arena[Int(declared.tokenStart)..<Int(declared.tokenEnd)]))
            }
            let value = position.map { action.fields[$0].value } ?? table.fieldDefaults[index]!
            if identical != 0 { identical &= bits.fields[index] }
            // In a variant, an enum value is looked up among the field's cases, not hashed; when
            // the version knows it, it is written as it is.
            if view != nil, declared.isEnumeration, case .string(let string) = value,
                let enumCase = table.caseIndex(of: string, field: index), known.cases[enumCase]
            {
                if agreeing != 0 { agreeing &= agreement!.sameCase[view!.version - 1][enumCase] }
                json.string(string)
                continue
            }
            if case .action(let nested) = value, view != nil {
                let id = LazyNodeID(self)
                try writeAction(resolve(nested, at: id.id) ?? Self.noOperation, at: node, identical: &identical)
            } else {
                try writeValue(value, type: table.fieldTypes[index], at: node, identical: &identical)
            }
        }
        if view == nil {
            switch action.fallback {
            case .action(let fallback):
                json.key("fallback")
                try writeAction(fallback, at: node, identical: &identical)
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

/// The ID of the node a writer is writing, taken apart to be named later: what an action's
/// downgrade names, made a string only when there is one.
struct LazyNodeID {
    let tree: FlatScreen?
    let node: Int?
    let fused: FusedNodeID
    let anchors: [String]
    let types: [String]

    init(_ writer: EnvelopeWriter) {
        (tree, node, fused) = (writer.tree, writer.path.last, writer.fusedNode)
        (anchors, types) = writer.tree == nil ? (writer.fusedAnchors, writer.table.typeNames) : ([], [])
    }

    /// The ID.
    var id: String { tree == nil ? fused.id(anchors: anchors, types: types) : EnvelopeWriter.nodeID(node, in: tree) }
}
