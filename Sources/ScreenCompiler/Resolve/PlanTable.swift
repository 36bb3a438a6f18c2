import ScreenJSON
import ScreenKit

/// The catalog's component declarations as one screen's writer and validators read them for every
/// node: plain arrays with the JSON tokens in the screen's byte arena. Each screen has its own copy,
/// so screens compiled on different threads never contend for the same reference counts.
struct PlanTable: Sendable {
    /// One component.
    struct Plan: Sendable {
        /// Its type, escaped, is `bytes[typeStart..<typeEnd]`.
        var typeStart: Int32
        var typeEnd: Int32
        /// Its props are `keys[firstKey..<firstKey + keyCount]`, in declaration order.
        var firstKey: Int32
        var keyCount: Int32
        /// Whether nodes of it hold children: a `children` list, named slots' children in it.
        var hasChildren: Bool
        /// Whether the type's token is the type in quotes, nothing escaped.
        var typeIsVerbatim = true
        /// Whether the type has a dot (see ``FlatScreen/derivedIDsAreUnique``).
        var typeHasDot = false
        /// Whether nodes of it hold children in named slots only, none in a plain list.
        var holdsOnlySlots = false

        /// Where the type's token is.
        var typeRange: Range<Int32> { typeStart..<typeEnd }
    }

    /// One declared prop.
    struct Key: Sendable {
        /// The key, escaped, is `bytes[tokenStart..<tokenEnd]`.
        var tokenStart: Int32
        var tokenEnd: Int32
        /// A scalar default, escaped; -1 when there is none.
        var defaultStart: Int32
        var defaultEnd: Int32
        var hasDefault: Bool
        var isEnumeration: Bool
        /// Whether a node must set it.
        var isRequired = false
        /// Whether a declared value of this enum prop needs no closer check: it may be empty and
        /// refers to nothing.
        var caseNeedsNoCheck = false
        /// For an enum prop or field: its cases are `cases[firstCase..<firstCase + caseCount]`.
        var firstCase: Int32 = 0
        var caseCount: Int32 = 0
        /// For an enum prop or field with a default: the default's index in `cases`; else -1.
        var defaultCase: Int32 = -1
        /// Whether an escaped scalar value of this prop needs no check: the prop is a plain string,
        /// number, bool or scalar, may be empty and refers to nothing; a value of the wrong kind
        /// still needs one (see ``acceptsWithoutCheck(_:)``).
        var plain: PropType.Plain?
        /// Whether the prop is a colour and the catalog declares tokens: a value that names one is
        /// written per version (its name, or its literal), never copied as a token.
        var mayNameToken = false
    }

    /// Whether the escaped scalar `token` (a value of the prop `key`) needs no closer check.
    func acceptsWithoutCheck(_ token: UnsafeBufferPointer<UInt8>, key: Int) -> Bool {
        guard let plain = keys[key].plain, let first = token.first else { return false }
        switch first {
        case 0x22: return plain == .string || plain == .scalar  // "
        case 0x74, 0x66: return plain == .bool || plain == .scalar  // t, f
        default: return plain == .number || plain == .scalar
        }
    }

    /// One value of an enum, as a prop declares it.
    struct Case: Sendable {
        let enumName: String
        let value: String
        /// The value clients that lack this one get instead, if any.
        let fallback: String?
    }

    private(set) var plans: [Plan] = []
    /// Each component's wire type.
    private(set) var typeNames: [String] = []
    private(set) var keys: [Key] = []
    /// Each declared prop's key, as `keys` numbers them.
    private(set) var keyNames: [String] = []
    /// The escaped member names every node has: `"type"` and `"id"`.
    private(set) var typeKey: Range<Int32> = 0..<0
    private(set) var idKey: Range<Int32> = 0..<0
    /// The escaped member name of a node's named slot: `"slot"`.
    private(set) var slotKey: Range<Int32> = 0..<0
    /// The cases of every enum prop, prop after prop, then of every enum action field.
    private(set) var cases: [Case] = []

    /// One action kind.
    struct ActionKind: Sendable {
        /// The kind, escaped, is `bytes[kindStart..<kindEnd]`.
        var kindStart: Int32
        var kindEnd: Int32
        /// Its fields are `fields[firstField..<firstField + fieldCount]`, in declaration order.
        var firstField: Int32
        var fieldCount: Int32
    }

    /// The action kinds, as the catalog declares them, and their names.
    private(set) var actions: [ActionKind] = []
    private(set) var actionNames: [String] = []
    /// Every action's fields, kind after kind: tokens as for props (`Key`), then the declaration's
    /// parts the writer and the checks read.
    private(set) var fields: [Key] = []
    private(set) var fieldNames: [String] = []
    private(set) var fieldTypes: [PropType] = []
    private(set) var fieldDefaults: [Value?] = []
    private(set) var fieldRequired: [Bool] = []
    private(set) var fieldNonEmpty: [Bool] = []
    private(set) var fieldReferences: [Reference?] = []

    /// The index in `actions` of the kind named `kind`, or nil when the catalog does not declare it.
    func actionIndex(of kind: String) -> Int? {
        actionNames.firstIndex(of: kind)
    }

    /// The index in `fields` of the field `key` of the action kind at `action`, or nil.
    func fieldIndex(of key: String, action: Int) -> Int? {
        let kind = actions[action]
        let first = Int(kind.firstField)
        for index in first..<first + Int(kind.fieldCount) where fieldNames[index] == key { return index }
        return nil
    }

    /// The wire type of node `node`, whose plan is `plan`: the plan's type, or for an undeclared
    /// type (`plan` -1) the one `undeclared` records.
    func typeName(ofPlan plan: Int32, node: Int, undeclared: [Int32: String]) -> String {
        plan >= 0 ? typeNames[Int(plan)] : undeclared[Int32(node)] ?? ""
    }

    /// The index in `cases` of `value` among the cases of the enum action field at `field`, or nil.
    func caseIndex(of value: String, field: Int) -> Int? {
        let declared = fields[field]
        for index in Int(declared.firstCase)..<Int(declared.firstCase + declared.caseCount)
        where cases[index].value == value {
            return index
        }
        return nil
    }

    /// The index in `cases` of `value` among the cases of the prop at `key`, or -1.
    func caseIndex(of value: String, key: Int32) -> Int32 {
        let declared = keys[Int(key)]
        for index in Int(declared.firstCase)..<Int(declared.firstCase + declared.caseCount)
        where cases[index].value == value {
            return Int32(index)
        }
        return -1
    }

    init() {}

    /// A copy whose arrays have buffers of their own: a screen's table, read in its hot loops, then
    /// shares no reference count with another thread's.
    func unshared() -> PlanTable {
        var copy = self
        // Reserving on an array that shares its buffer copies it.
        copy.plans.reserveCapacity(plans.count)
        copy.typeNames.reserveCapacity(typeNames.count)
        copy.keys.reserveCapacity(keys.count)
        copy.keyNames.reserveCapacity(keyNames.count)
        copy.cases.reserveCapacity(cases.count)
        copy.actions.reserveCapacity(actions.count)
        copy.actionNames.reserveCapacity(actionNames.count)
        copy.fields.reserveCapacity(fields.count)
        copy.fieldNames.reserveCapacity(fieldNames.count)
        copy.fieldTypes.reserveCapacity(fieldTypes.count)
        copy.fieldDefaults.reserveCapacity(fieldDefaults.count)
        copy.fieldRequired.reserveCapacity(fieldRequired.count)
        copy.fieldNonEmpty.reserveCapacity(fieldNonEmpty.count)
        copy.fieldReferences.reserveCapacity(fieldReferences.count)
        return copy
    }

    /// The table of `context`'s components and action kinds (the last declaration of a kind
    /// counts, as in ``ValidationContext/actions``), with its tokens appended to `bytes`. Every
    /// table made from one context numbers its elements the same way.
    init(_ context: ValidationContext, into bytes: inout [UInt8]) {
        self.init(context.plans, catalog: context.catalog, actions: context.actions, into: &bytes)
    }

    /// The table of `catalog`'s components, flattened as `plans`, and of its action kinds
    /// (`actions` by kind), with its tokens appended to `bytes`.
    init(_ plans: [ComponentPlan], catalog: Catalog, actions: [String: ActionSchema], into bytes: inout [UInt8]) {
        self.init(plans, actions: catalog.actions.map { actions[$0.kind] ?? $0 }, into: &bytes)
        guard !catalog.tokens.isEmpty else { return }
        for (index, plan) in plans.enumerated() {
            for key in plan.types.indices where plan.types[key] == .color {
                keys[Int(self.plans[index].firstKey) + key].mayNameToken = true
            }
        }
        for field in fields.indices where fieldTypes[field] == .color { fields[field].mayNameToken = true }
    }

    /// The table of `plans` and `actions`, with its tokens appended to `bytes`.
    init(_ plans: [ComponentPlan], actions: [ActionSchema], into bytes: inout [UInt8]) {
        func append(_ token: [UInt8]?) -> (Int32, Int32) {
            guard let token else { return (-1, -1) }
            let start = Int32(bytes.count)
            bytes.append(contentsOf: token)
            return (start, Int32(bytes.count))
        }
        let typeKey = append(Array(#""type""#.utf8))
        self.typeKey = typeKey.0..<typeKey.1
        let idKey = append(Array(#""id""#.utf8))
        self.idKey = idKey.0..<idKey.1
        let slotKey = append(Array(#""slot""#.utf8))
        self.slotKey = slotKey.0..<slotKey.1
        for plan in plans {
            typeNames.append(plan.type)
            let type = append(plan.typeToken)
            self.plans.append(
                Plan(
                    typeStart: type.0, typeEnd: type.1, firstKey: Int32(keys.count), keyCount: Int32(plan.keys.count),
                    hasChildren: plan.holdsChildren, typeIsVerbatim: Int(type.1 - type.0) == plan.type.utf8.count + 2,
                    typeHasDot: plan.type.utf8.contains(0x2E), holdsOnlySlots: plan.holdsChildren && !plan.hasChildren))
            keyNames += plan.keys
            for index in plan.keys.indices {
                let key = append(plan.keyTokens[index])
                let value = append(plan.defaultTokens[index])
                var declared = Key(
                    tokenStart: key.0, tokenEnd: key.1, defaultStart: value.0, defaultEnd: value.1,
                    hasDefault: plan.defaults[index] != nil, isEnumeration: plan.isEnumeration[index],
                    isRequired: plan.required[index])
                if !plan.nonEmpty[index] && plan.references[index] == nil {
                    declared.plain = plan.types[index].plain
                    declared.caseNeedsNoCheck = true
                }
                if case .enumeration(let schema) = plan.types[index] {
                    declared.firstCase = Int32(cases.count)
                    declared.caseCount = Int32(schema.cases.count)
                    cases += schema.cases.map {
                        Case(enumName: String(schema.name), value: String($0.value), fallback: $0.fallback)
                    }
                }
                keys.append(declared)
                if case .string(let value) = plan.defaults[index] {
                    keys[keys.count - 1].defaultCase = caseIndex(of: value, key: Int32(keys.count - 1))
                }
            }
        }
        var seen: Set<String> = []
        for action in actions where seen.insert(action.kind).inserted {
            let kind = append(jsonToken(.string(action.kind)))
            self.actions.append(
                ActionKind(
                    kindStart: kind.0, kindEnd: kind.1, firstField: Int32(fields.count),
                    fieldCount: Int32(action.fields.count)))
            actionNames.append(action.kind)
            for field in action.fields {
                let key = append(jsonToken(.string(field.key)))
                let value = append(field.defaultValue.flatMap(jsonToken))
                var declared = Key(
                    tokenStart: key.0, tokenEnd: key.1, defaultStart: value.0, defaultEnd: value.1,
                    hasDefault: field.defaultValue != nil, isEnumeration: false)
                if case .enumeration(let schema) = field.type {
                    declared.isEnumeration = true
                    declared.firstCase = Int32(cases.count)
                    declared.caseCount = Int32(schema.cases.count)
                    if case .string(let value) = field.defaultValue,
                        let index = schema.cases.firstIndex(where: { $0.value == value })
                    {
                        declared.defaultCase = Int32(cases.count + index)
                    }
                    cases += schema.cases.map {
                        Case(enumName: String(schema.name), value: String($0.value), fallback: $0.fallback)
                    }
                }
                fields.append(declared)
                fieldNames.append(field.key)
                fieldTypes.append(field.type)
                fieldDefaults.append(field.defaultValue)
                fieldRequired.append(field.presence == .required)
                fieldNonEmpty.append(field.nonEmpty)
                fieldReferences.append(field.reference)
            }
        }
    }
}

extension PropType {
    /// The scalar types whose every value of the right kind is valid.
    enum Plain: Sendable {
        case string, number, bool, scalar
    }

    /// This type as a ``Plain`` type, or nil when its values need a closer check.
    var plain: Plain? {
        switch self {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .scalar: .scalar
        default: nil
        }
    }
}
