import ScreenJSON
import ScreenKit

// Actions, checked and written in one pass over their fields.
extension FusedWriter {
    /// Checks `action` as ``ValueChecker`` would and writes it for the version as
    /// ``EnvelopeWriter/writeAction(_:at:identical:)`` writes what ``EnvelopeWriter/resolve(_:at:)``
    /// makes of it. An action the version lacks, or one with a fallback, goes the writer's way
    /// after the checker has checked it whole.
    mutating func writeAction(_ action: Action, checking: Bool) throws(Doubt) {
        guard let kind = actionIndex(of: action.kind) else { throw Doubt("an undeclared action") }
        let known = writer.known.actions[kind]
        if checking || action.fallback != nil || !known {
            checker.check(action, owner: "", at: screen.source, path: NodePath(flat: nil, index: 0))
            guard checker.diagnostics.isEmpty else { throw Doubt("a value the checks refuse") }
            if checking { return }
            var unrecorded: UInt64 = 0
            let node = LazyNodeID(writer)
            do {
                try writer.writeAction(
                    writer.resolve(action, at: node.id) ?? EnvelopeWriter.noOperation, at: -1, identical: &unrecorded)
            } catch {
                throw Doubt("a value JSON cannot hold")
            }
            return
        }
        // As ``EnvelopeWriter/resolve(_:at:)`` decides for a kind the version knows.
        if writer.agreeing != 0 {
            let before = writer.agreeing
            writer.agree(true, with: knowers.actions[kind])
            if writer.agreeing != before, action.kind == EnvelopeWriter.noOperation.kind {
                writer.agreementIsCertain = false
            }
        }
        let declaredKind = table.actions[kind]
        let first = Int(declaredKind.firstField)
        let count = Int(declaredKind.fieldCount)
        // Each declared field's position among the action's, or -1; fields nest, so on the stack.
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(1, count)) { (positions) throws(Doubt) in
            positions.initialize(repeating: -1)
            for position in action.fields.indices {
                var declared = -1
                for field in 0..<count where table.fieldNames[first + field] == action.fields[position].key {
                    declared = field
                    break
                }
                guard declared >= 0 else { throw Doubt("an undeclared action field") }
                guard positions[declared] < 0 else { throw Doubt("an action field set twice") }
                positions[declared] = Int32(position)
            }
            writer.json.beginObject()
            writeMember(table.typeKey, raw: declaredKind.kindStart..<declaredKind.kindEnd)
            for field in 0..<count {
                let index = first + field
                let position = Int(positions[field])
                let declared = table.fields[index]
                if position < 0 {
                    guard !table.fieldRequired[index] else { throw Doubt("a required action field missing") }
                    guard declared.hasDefault else { continue }
                    if writeDefault(of: index) { continue }
                } else {
                    try checkField(action.fields[position].value, index: index)
                }
                if writer.agreeing != 0 {
                    writer.agree(writer.known.fields[index], with: knowers.fields[index])
                }
                guard writer.known.fields[index] else {
                    if position >= 0 {
                        writer.downgrades.append(
                            .fieldRemoved(nodeID: writer.pathNodeID, kind: action.kind, key: table.fieldNames[index]))
                    }
                    continue
                }
                writeKey(declared.tokenStart..<declared.tokenEnd)
                let value = position >= 0 ? action.fields[position].value : table.fieldDefaults[index]!
                switch value {
                case .string(let string) where declared.isEnumeration:
                    if let enumCase = table.caseIndex(of: string, field: index), writer.known.cases[enumCase] {
                        if writer.agreeing != 0 { writer.agreeing &= sameCase[enumCase] }
                        writer.json.string(string)
                    } else {
                        try writeValue(value, type: table.fieldTypes[index])
                    }
                case .string(let string) where !declared.mayNameToken:
                    writer.json.string(string)
                case .action(let nested):
                    try writeAction(nested, checking: false)
                default:
                    try writeValue(value, type: table.fieldTypes[index])
                }
            }
            writer.json.endObject()
        }
    }

    /// Writes the action field at `index` with its default when that is a scalar the version
    /// writes as it is (for an enum, a case it knows), as its token; false, writing nothing,
    /// otherwise. Keeps the agreement as writing the value would.
    private mutating func writeDefault(of index: Int) -> Bool {
        let declared = table.fields[index]
        guard declared.defaultStart >= 0, !declared.mayNameToken else { return false }
        if declared.isEnumeration {
            guard declared.defaultCase >= 0, writer.known.cases[Int(declared.defaultCase)] else { return false }
        }
        if writer.agreeing != 0 {
            writer.agree(writer.known.fields[index], with: knowers.fields[index])
        }
        guard writer.known.fields[index] else { return true }
        if declared.isEnumeration, writer.agreeing != 0 { writer.agreeing &= sameCase[Int(declared.defaultCase)] }
        writeMember(declared.tokenStart..<declared.tokenEnd, raw: declared.defaultStart..<declared.defaultEnd)
        return true
    }

    /// Writes a value through the envelope writer.
    private mutating func writeValue(_ value: Value, type: PropType) throws(Doubt) {
        var unrecorded: UInt64 = 0
        do {
            try writer.writeValue(value, type: type, at: -1, identical: &unrecorded)
        } catch {
            throw Doubt("a value JSON cannot hold")
        }
    }

    /// Gives up when ``ValueChecker`` would report `value` of the action field at `index`: plain
    /// strings and URLs, and the screens named most recently, are checked here.
    private mutating func checkField(_ value: Value, index: Int) throws(Doubt) {
        if case .string(let string) = value {
            switch table.fieldTypes[index] {
            case .string:
                if string.isEmpty {
                    guard !table.fieldNonEmpty[index] else { throw Doubt("a value the checks refuse") }
                    return
                }
                switch table.fieldReferences[index] {
                case nil:
                    return
                case .screen?:
                    if recentScreens.contains(string) { return }
                    guard context.screenIDs.contains(string) || context.catalog.externalScreens.contains(string) else {
                        throw Doubt("a value the checks refuse")
                    }
                    if recentScreens.count == 4 { recentScreens.removeFirst() }
                    recentScreens.append(string)
                    return
                case .stateKey?:
                    guard screen.initialState[string] != nil else { throw Doubt("a value the checks refuse") }
                    return
                }
            case .url where table.fieldReferences[index] == nil && !table.fieldNonEmpty[index]:
                if ValueChecker.isPlainHTTPSURL(string) { return }
            default:
                break
            }
        }
        checker.check(
            value, type: table.fieldTypes[index], nonEmpty: table.fieldNonEmpty[index],
            reference: table.fieldReferences[index], owner: "", at: screen.source, path: NodePath(flat: nil, index: 0))
        guard checker.diagnostics.isEmpty else { throw Doubt("a value the checks refuse") }
    }

    /// The index of the action kind `kind` in the table, or nil: the last kind looked up first.
    private mutating func actionIndex(of kind: String) -> Int? {
        if let recent = recentAction, recent.kind == kind { return recent.index }
        guard let index = table.actionIndex(of: kind) else { return nil }
        recentAction = (kind, index)
        return index
    }
}
