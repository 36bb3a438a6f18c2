import ScreenJSON
import ScreenKit

// A node's props, checked and written in the order the component declares them.
extension FusedWriter {
    /// Matches `props` to the declarations of the component at `planIndex`, checks each value as
    /// ``ValueValidator`` would and writes the props the version knows as
    /// ``EnvelopeWriter/writeHead(_:in:recording:identical:)`` does.
    /// With `checking`, only checks them (a fallback's node, which the variant leaves out).
    mutating func writeProps(_ props: UnsafeBufferPointer<Prop>, plan planIndex: Int, checking: Bool) throws(Doubt) {
        let plan = table.plans[planIndex]
        let firstKey = Int(plan.firstKey)
        let keyCount = Int(plan.keyCount)
        if declaredProps.count < keyCount { declaredProps.append(contentsOf: repeatElement(-1, count: keyCount)) }
        for key in 0..<keyCount { declaredProps[key] = -1 }
        for position in props.indices {
            var declared = -1
            for key in 0..<keyCount where table.keyNames[firstKey + key] == props[position].key {
                declared = key
                break
            }
            // An undeclared prop is reported; a prop set twice is left to the usual path.
            guard declared >= 0 else { throw Doubt("an undeclared prop") }
            guard declaredProps[declared] < 0 else { throw Doubt("a prop set twice") }
            declaredProps[declared] = Int32(position)
        }
        for key in 0..<keyCount {
            let declared = table.keys[firstKey + key]
            let position = Int(declaredProps[key])
            if position < 0 {
                guard !declared.isRequired else { throw Doubt("a required prop missing") }
                guard declared.hasDefault else { continue }
            }
            if position >= 0,
                try writeScalar(props.baseAddress! + position, key: key, plan: planIndex, checking: checking)
            {
                continue
            }
            var value: Value?
            // An action is checked as it is written, or here when it is not written.
            var action: Action?
            if position >= 0 {
                var set = props[position].value
                if FlatScreen.Builder.mayHoldLocalized(set), set.holdsLocalized { set = localizer.localize(set) }
                if case .action(let written) = set, case .action = context.plans[planIndex].types[key] {
                    action = written
                } else {
                    try check(set, key: key, plan: planIndex)
                }
                value = set
            }
            if checking {
                if let action { try writeAction(action, checking: true) }
                continue
            }
            guard knowsProp(key, plan: planIndex, isSet: position >= 0) else {
                if let action { try writeAction(action, checking: true) }
                continue
            }
            let name = declared.tokenStart..<declared.tokenEnd
            if let value {
                if isToken(value, key: firstKey + key) {
                    var enumCase: Int32 = -1
                    if declared.isEnumeration, case .string(let string) = value {
                        enumCase = table.caseIndex(of: string, key: Int32(firstKey + key))
                    }
                    if writeIfKnown(enumCase: enumCase, declared: declared) {
                        writeKey(name)
                        writeScalar(value)
                        continue
                    }
                }
                writeKey(name)
                try writeDynamic(value, type: context.plans[planIndex].types[key])
            } else {
                if declared.defaultStart >= 0, writeIfKnown(enumCase: declared.defaultCase, declared: declared) {
                    writeMember(name, raw: declared.defaultStart..<declared.defaultEnd)
                    continue
                }
                writeKey(name)
                try writeDynamic(context.plans[planIndex].defaults[key]!, type: context.plans[planIndex].types[key])
            }
        }
    }

    /// Checks and writes the prop at `prop`, the prop `key` of the component at `planIndex`, when
    /// it is what most props are: a string, a finite number or a Boolean, read in place (a colour
    /// token's name aside). Returns false, doing nothing, for any other value.
    private mutating func writeScalar(
        _ prop: UnsafePointer<Prop>, key: Int, plan planIndex: Int, checking: Bool
    ) throws(Doubt) -> Bool {
        let tableKey = Int(table.plans[planIndex].firstKey) + key
        let declared = table.keys[tableKey]
        let plain = declared.plain
        switch prop.pointee.value {
        case .string(let string):
            if declared.mayNameToken && ColorToken.isTokenName(string) { return false }
            let enumCase = declared.isEnumeration ? table.caseIndex(of: string, key: Int32(tableKey)) : -1
            if !(plain == .string || plain == .scalar || (enumCase >= 0 && declared.caseNeedsNoCheck)) {
                try check(.string(string), key: key, plan: planIndex)
            }
            guard !checking, knowsProp(key, plan: planIndex, isSet: true) else { return true }
            writeKey(declared.tokenStart..<declared.tokenEnd)
            if writeIfKnown(enumCase: enumCase, declared: declared) {
                writer.json.string(string)
            } else {
                try writeDynamic(.string(string), type: context.plans[planIndex].types[key])
            }
        case .number(let number):
            guard number.isFinite else { return false }
            if !(plain == .number || plain == .scalar) { try check(.number(number), key: key, plan: planIndex) }
            guard !checking, knowsProp(key, plan: planIndex, isSet: true) else { return true }
            writeKey(declared.tokenStart..<declared.tokenEnd)
            if writeIfKnown(enumCase: -1, declared: declared) {
                try? writer.json.number(number)
            } else {
                try writeDynamic(.number(number), type: context.plans[planIndex].types[key])
            }
        case .bool(let bool):
            if !(plain == .bool || plain == .scalar) { try check(.bool(bool), key: key, plan: planIndex) }
            guard !checking, knowsProp(key, plan: planIndex, isSet: true) else { return true }
            writeKey(declared.tokenStart..<declared.tokenEnd)
            if writeIfKnown(enumCase: -1, declared: declared) {
                writer.json.bool(bool)
            } else {
                try writeDynamic(.bool(bool), type: context.plans[planIndex].types[key])
            }
        case .list, .map, .action, .localized:
            return false
        }
        return true
    }

    /// Whether the version knows the prop `key` of the component at `planIndex`, keeping in
    /// ``EnvelopeWriter/agreeing`` the older versions that agree; notes a set prop it leaves out.
    private mutating func knowsProp(_ key: Int, plan planIndex: Int, isSet: Bool) -> Bool {
        let tableKey = Int(table.plans[planIndex].firstKey) + key
        let known = writer.known.keys[tableKey]
        if writer.agreeing != 0 { writer.agree(known, with: knowers.keys[tableKey]) }
        if !known && isSet {
            let component = context.plans[planIndex]
            writer.downgrades.append(
                .propRemoved(nodeID: writer.pathNodeID, type: component.type, key: component.keys[key]))
        }
        return known
    }

    /// Whether the flattened tree holds `value` of the prop at `key` (in the table) as an escaped
    /// scalar token, which the writer copies: a finite scalar that is not a colour token's name.
    private func isToken(_ value: Value, key: Int) -> Bool {
        switch value {
        case .string(let string): !(table.keys[key].mayNameToken && ColorToken.isTokenName(string))
        case .number(let number): number.isFinite
        case .bool: true
        case .list, .map, .action, .localized: false
        }
    }

    /// Whether a scalar of an enum case `enumCase` (or of a prop that is no enum) is written as it
    /// is: the version knows the case. Keeps in ``EnvelopeWriter/agreeing`` the older versions
    /// that write the same value.
    private mutating func writeIfKnown(enumCase: Int32, declared: PlanTable.Key) -> Bool {
        guard declared.isEnumeration else { return true }
        if writer.agreeing != 0, enumCase >= 0 { writer.agreeing &= sameCase[Int(enumCase)] }
        return enumCase >= 0 && writer.known.cases[Int(enumCase)]
    }

    /// Writes the key the plan table's bytes `name` spell (already escaped, quoted).
    mutating func writeKey(_ name: Range<Int32>) {
        context.planTokens.withUnsafeBufferPointer { arena in
            writer.json.key(escaped: UnsafeBufferPointer(rebasing: arena[Int(name.lowerBound)..<Int(name.upperBound)]))
        }
    }

    /// Writes a member whose key and value (raw JSON) are both bytes of the plan table.
    @inline(__always)
    mutating func writeMember(_ name: Range<Int32>, raw value: Range<Int32>) {
        context.planTokens.withUnsafeBufferPointer { arena in
            writer.json.member(
                escaped: UnsafeBufferPointer(rebasing: arena[Int(name.lowerBound)..<Int(name.upperBound)]),
                rawValue: UnsafeBufferPointer(rebasing: arena[Int(value.lowerBound)..<Int(value.upperBound)]))
        }
    }

    /// Writes a scalar as the flattened tree's token has it.
    private mutating func writeScalar(_ value: Value) {
        switch value {
        case .string(let string): writer.json.string(string)
        case .number(let number): try? writer.json.number(number)
        case .bool(let bool): writer.json.bool(bool)
        case .list, .map, .action, .localized: break
        }
    }

    /// Writes a value that is not a copied token, as ``EnvelopeWriter/writeDynamic`` does.
    private mutating func writeDynamic(_ value: Value, type: PropType) throws(Doubt) {
        if case .action(let action) = value { return try writeAction(action, checking: false) }
        var unrecorded: UInt64 = 0
        do {
            try writer.writeValue(value, type: type, at: -1, identical: &unrecorded)
        } catch {
            throw Doubt("a value JSON cannot hold")
        }
    }

    /// Gives up when ``ValueValidator`` would report `value` of the prop `key` (of the component
    /// at `planIndex`).
    private mutating func check(_ value: Value, key: Int, plan planIndex: Int) throws(Doubt) {
        let tableKey = Int(table.plans[planIndex].firstKey) + key
        let declared = table.keys[tableKey]
        if isToken(value, key: tableKey), let plain = declared.plain {
            // Escaped scalars of the declared plain kind are valid (``PlanTable/acceptsWithoutCheck``).
            switch value {
            case .string: if plain == .string || plain == .scalar { return }
            case .bool: if plain == .bool || plain == .scalar { return }
            default: if plain == .number || plain == .scalar { return }
            }
        }
        if declared.isEnumeration, declared.caseNeedsNoCheck, case .string(let string) = value,
            table.caseIndex(of: string, key: Int32(tableKey)) >= 0
        {
            return
        }
        let component = context.plans[planIndex]
        checker.check(
            value, type: component.types[key], nonEmpty: component.nonEmpty[key],
            reference: component.references[key], owner: "", at: screen.source,
            path: NodePath(flat: nil, index: 0))
        guard checker.diagnostics.isEmpty else { throw Doubt("a value the checks refuse") }
    }
}
