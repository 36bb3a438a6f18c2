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
///
/// Most of a screen is usually written the same way for most clients. The full pass notes, for each
/// primary node, where its subtree's bytes are and for which of the variants that follow the
/// subtree (or just the node's head) comes out exactly the same; those variants copy the bytes
/// instead of writing them again.
struct EnvelopeWriter {
    /// The envelope format this writer produces; clients decode it before anything else.
    static let format = 1

    let context: ValidationContext
    let style: JSONStyle
    /// Whether the writer writes a single envelope (at request time): it then makes room for the
    /// whole envelope up front and hands its buffer over instead of copying it.
    let writesOnce: Bool
    var json: JSONWriter
    var view: VersionView?
    /// The screen being written, and the nodes from its root to the one being written (variants only).
    var tree: FlatScreen?
    var path: [Int] = []
    /// The node a ``FusedWriter`` is writing, which has no flat screen, and the anchors its IDs
    /// are made of.
    var fusedNode = FusedNodeID.screen
    var fusedAnchors: [String] = []

    /// What the last variant changed for its clients.
    var downgrades: [Downgrade] = []
    /// Problems found while writing the last variant: missing fallbacks, repeated IDs.
    var problems: [Diagnostic] = []
    /// Nodes written from fallbacks in this variant, and the nodes they replaced or that were dropped.
    var fallbackNodes: [Int] = []
    var removedNodes: [Int] = []
    var fallbackDepth = 0

    /// The versions whose variants follow the full pass, in order; given to the full pass, which
    /// then records `spans`. A subtree's ``Span/identical`` has bit `i` set when the variant for
    /// `supported[i]` writes it exactly as the full envelope does.
    var supported: [VersionView] = []
    /// What each of `supported` knows, as masks, and the same by element as bits (see ``Bits``).
    var supportedMasks: [Masks] = []
    var bits = Bits()
    /// The bit of this pass's version in ``Span/identical``; 0 in the full pass.
    var passBit: UInt64 = 0
    /// Per node, from the last full pass: see ``Span``. Only primary nodes have one.
    var spans: [Span] = []
    /// Per prop (by index in ``FlatScreen/props``), from the last full pass: where a value that is
    /// not an escaped scalar was written. Only the props of primary nodes have one.
    var valueSpans: [Span] = []
    /// The last full envelope, which `spans` point into.
    var full: [UInt8] = []
    /// This pass's view as masks over the screen's ``PlanTable``: the component types (by plan) and
    /// props (by key) it knows; all true for the full envelope.
    var known = Masks()

    /// In a variant given a ``VersionAgreement``: the older versions (bit `v - 1` for version `v`)
    /// that made every choice this pass made so far, so write exactly its bytes; and whether that
    /// is certain (see ``resolve(_:at:)``). Read through ``olderWritingTheSame``.
    var agreement: VersionAgreement?
    var agreeing: UInt64 = 0
    var agreementIsCertain = true

    /// After a variant written with a ``VersionAgreement``: the older versions that write exactly
    /// the same bytes, apart from the `contract` number (bit `v - 1` for version `v`); nil when the
    /// writer cannot tell (then write them and compare).
    var olderWritingTheSame: UInt64? { agreementIsCertain ? agreeing : nil }

    /// For each element of the screen's ``PlanTable``, the supported versions that know it: bit `i`
    /// for `supported[i]` (versions past the 64th never copy).
    struct Bits {
        var plans: [UInt64] = []
        var keys: [UInt64] = []
        var cases: [UInt64] = []
        var actions: [UInt64] = []
        var fields: [UInt64] = []

        init() {}

        init(_ masks: [Masks]) {
            guard let first = masks.first else { return }
            plans = Array(repeating: 0, count: first.plans.count)
            keys = Array(repeating: 0, count: first.keys.count)
            cases = Array(repeating: 0, count: first.cases.count)
            actions = Array(repeating: 0, count: first.actions.count)
            fields = Array(repeating: 0, count: first.fields.count)
            func collect(_ mask: [Bool], bit: UInt64, into bits: inout [UInt64]) {
                for element in mask.indices where mask[element] { bits[element] |= bit }
            }
            for (index, mask) in masks.prefix(64).enumerated() {
                let bit: UInt64 = 1 << UInt64(index)
                collect(mask.plans, bit: bit, into: &plans)
                collect(mask.keys, bit: bit, into: &keys)
                collect(mask.cases, bit: bit, into: &cases)
                collect(mask.actions, bit: bit, into: &actions)
                collect(mask.fields, bit: bit, into: &fields)
            }
        }
    }

    /// What a version knows of a screen's ``PlanTable``: component types by plan, props by key,
    /// enum values by case.
    struct Masks {
        var plans: [Bool] = []
        var keys: [Bool] = []
        var cases: [Bool] = []
        var actions: [Bool] = []
        var fields: [Bool] = []
    }

    /// The screen's plan table and byte arena, for the pass being written.
    var table = PlanTable()
    var arena: [UInt8] = []

    /// Where a primary node's subtree (or a prop's value) was written in the full envelope, and
    /// which variants write it, or a node's head (the node without its children), identically.
    struct Span {
        /// The byte range in the full envelope.
        var start = 0
        var end = 0
        /// The variants that write exactly these bytes, as bits (see ``supported``).
        var identical: UInt64 = 0
        /// A node's head is `start..<headEnd`: the object's opening, type, ID and props.
        var headEnd = 0
        /// The variants that write exactly the head's bytes.
        var headIdentical: UInt64 = 0
    }

    init(context: ValidationContext, style: JSONStyle, writesOnce: Bool = false) {
        self.context = context
        self.style = style
        self.writesOnce = writesOnce
        self.json = JSONWriter(style: style, capacity: 4096)
    }

    /// The envelope of `flat`'s screen written for clients of `contract`: the full envelope when
    /// `view` is nil, else the variant for `view`'s version.
    ///
    /// The full pass, given the `supported` versions whose variants follow (in that order), notes
    /// which subtrees each of them writes the same way; those variants then copy them. A variant
    /// given the history's `agreement` notes which older versions write it the same way (see
    /// ``olderWritingTheSame``). Returns the bytes and the offset where the part after the
    /// `contract` number starts, so variants that differ only in that number can be recognized.
    mutating func envelope(
        _ flat: FlatScreen, contract: Int, minContract: Int, view: VersionView?, supported: [VersionView] = [],
        agreement: VersionAgreement? = nil
    ) throws(EmitError) -> (bytes: [UInt8], bodyStart: Int) {
        let screen = flat.screen
        self.view = view
        self.agreement = nil
        agreeing = 0
        agreementIsCertain = true
        if let view {
            let pass = self.supported.firstIndex { $0.version == view.version }
            if pass == nil, let agreement, agreement.isComplete, agreement.views.count >= view.version {
                self.agreement = agreement
                known = agreement.masks[view.version - 1]
                agreeing = (1 << UInt64(view.version - 1)) - 1
            } else {
                known = pass.map { supportedMasks[$0] } ?? Self.masks(view, table: flat.table)
            }
            passBit = pass.map { $0 < 64 ? 1 << UInt64($0) : 0 } ?? 0
        } else {
            self.supported = supported
            supportedMasks = supported.map { Self.masks($0, table: flat.table) }
            bits = Bits(supportedMasks)
            spans = supported.isEmpty ? [] : Array(repeating: Span(), count: flat.nodes.count)
            valueSpans = supported.isEmpty ? [] : Array(repeating: Span(), count: flat.props.count)
            full = []
            known = Self.masks(nil, table: flat.table)
            passBit = 0
        }
        downgrades = []
        problems = []
        fallbackNodes = []
        removedNodes = []
        fallbackDepth = 0
        tree = flat
        table = flat.table
        arena = flat.bytes
        path = []
        // About what a node's members and punctuation add to its escaped tokens (measured: 89
        // bytes on the 1,000-node example).
        if writesOnce { json.reserveCapacity(flat.bytes.count + 96 * flat.nodes.count) }
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
        writeServedArms(flat)
        json.key("initialState")
        try writeMap(screen.initialState, at: -1)
        json.key("root")
        if try !writeNode(0, in: flat) {
            if let view, flat.nodes[0].fallback == .drop {
                problems.append(
                    ScreenRules.fallbackMissing.diagnostic(
                        "the root \"\(flat.type(of: 0))\" would be dropped for clients of contract \(view.version); give it a node fallback",
                        at: flat.source(of: 0), path: screen.id))
            }
            json.null()
        }
        json.endObject()
        if style == .pretty { json.newline() }
        if !fallbackNodes.isEmpty { checkFallbackIDs(flat) }
        let bytes = writesOnce ? json.takeBytes() : json.copyBytesAndReset()
        if view == nil, !spans.isEmpty { full = bytes }
        return (bytes, bodyStart)
    }

    /// The ID of the node being written, or the screen's outside any node.
    var pathNodeID: String {
        tree == nil ? fusedNode.id(anchors: fusedAnchors, types: table.typeNames) : Self.nodeID(path.last, in: tree)
    }

    /// The ID of `node` in `tree`, or the screen's for nil.
    static func nodeID(_ node: Int?, in tree: FlatScreen?) -> String {
        guard let tree else { return "" }
        return node.map { tree.id(of: $0) } ?? tree.screen.id
    }

    /// `screen/node/…` down to the node being written, and then `id` if given.
    func pathDescription(adding id: String? = nil) -> String {
        guard let tree else { return "" }
        return ([tree.screen.id] + path.map { tree.id(of: $0) } + (id.map { [$0] } ?? [])).joined(separator: "/")
    }

    /// What `view` knows of `table`; everything when `view` is nil (the full envelope).
    static func masks(_ view: VersionView?, table: PlanTable) -> Masks {
        var masks = Masks(
            plans: Array(repeating: view == nil, count: table.plans.count),
            keys: Array(repeating: view == nil, count: table.keys.count),
            cases: Array(repeating: view == nil, count: table.cases.count),
            actions: Array(repeating: view == nil, count: table.actions.count),
            fields: Array(repeating: view == nil, count: table.fields.count))
        guard let view else { return masks }
        for action in table.actions.indices {
            guard let mask = view.fields(of: table.actionNames[action]) else { continue }
            masks.actions[action] = true
            let first = Int(table.actions[action].firstField)
            for field in mask.indices { masks.fields[first + field] = mask[field] }
        }
        for plan in table.plans.indices {
            guard let mask = view.props(ofPlan: Int32(plan)) else { continue }
            masks.plans[plan] = true
            let first = Int(table.plans[plan].firstKey)
            for key in mask.indices { masks.keys[first + key] = mask[key] }
        }
        for index in table.cases.indices {
            masks.cases[index] = view.knows(value: table.cases[index].value, of: table.cases[index].enumName)
        }
        return masks
    }

    /// Writes node `index` (or, in a variant, what replaces it); false when the variant drops it.
    mutating func writeNode(_ index: Int, in flat: FlatScreen) throws(EmitError) -> Bool {
        guard let view else { return try writeKnown(index, in: flat) }
        if fallbackDepth == 0, index < spans.count, spans[index].identical & passBit != 0 {
            let span = spans[index]
            full.withUnsafeBufferPointer { json.rawValue(UnsafeBufferPointer(rebasing: $0[span.start..<span.end])) }
            return true
        }
        if knows(flat.nodes[index].plan) { return try writeKnown(index, in: flat) }
        var current = index
        while true {
            let id = flat.id(of: current)
            let type = flat.type(of: current)
            switch flat.nodes[current].fallback {
            case .node:
                let replacement = Int(flat.nodes[current].childrenEnd)
                downgrades.append(.replaced(nodeID: id, type: type, by: flat.type(of: replacement)))
                removedNodes.append(current)
                current = replacement
            case .drop:
                downgrades.append(.dropped(nodeID: id, type: type))
                removedNodes.append(current)
                return false
            case .none:
                problems.append(
                    ScreenRules.fallbackMissing.diagnostic(
                        "\"\(type)\" is unknown to clients of contract \(view.version) and has no fallback",
                        at: flat.source(of: current), path: pathDescription(adding: id)))
                return false
            }
            if knows(flat.nodes[current].plan) {
                fallbackDepth += 1
                defer { fallbackDepth -= 1 }
                return try writeKnown(current, in: flat)
            }
        }
    }

    /// Where node `node` was written, or the screen for -1; for errors and diagnostics only.
    func location(of node: Int) -> SourceLocation {
        guard let tree else { return SourceLocation(file: "", line: 0, column: 0) }
        return node < 0 ? tree.screen.source : tree.source(of: node)
    }

    /// Whether this pass's version knows the component at `plan` (-1: undeclared).
    mutating func knows(_ plan: Int32) -> Bool {
        guard plan >= 0 else { return false }
        let knows = known.plans[Int(plan)]
        if agreeing != 0 { agree(knows, with: agreement!.knowers.plans[Int(plan)]) }
        return knows
    }

    /// Keeps in ``agreeing`` the older versions that make the same choice as this pass: those in
    /// `knowers` when this pass's version knows the element, the others when it does not.
    @inline(__always)
    mutating func agree(_ knows: Bool, with knowers: UInt64) {
        agreeing &= knows ? knowers : ~knowers
    }

    /// Writes a node whose type the version knows, with the props it knows.
    mutating func writeKnown(_ index: Int, in flat: FlatScreen) throws(EmitError) -> Bool {
        let node = flat.nodes[index]
        guard node.plan >= 0 else {
            throw EmitError(
                message: "component type \"\(flat.type(of: index))\" is not declared", location: flat.source(of: index))
        }
        if fallbackDepth > 0, view != nil { fallbackNodes.append(index) }
        // The path only names nodes in diagnostics, which only variants produce.
        let tracksPath = view != nil
        if tracksPath { path.append(index) }
        defer { if tracksPath { path.removeLast() } }
        // The full pass records a span for each primary node (see ``Span``); a variant copies the
        // head of a primary node when it writes it the same way.
        let recording = view == nil && fallbackDepth == 0 && !spans.isEmpty
        var identical = recording ? bits.plans[Int(node.plan)] : 0
        var start = 0
        if view != nil, fallbackDepth == 0, index < spans.count, spans[index].headIdentical & passBit != 0 {
            let span = spans[index]
            full.withUnsafeBufferPointer {
                json.beginObject(copying: UnsafeBufferPointer(rebasing: $0[span.start..<span.headEnd]))
            }
        } else {
            start = try writeHead(index, in: flat, recording: recording, identical: &identical)
        }
        let headEnd = json.count
        let headIdentical = identical
        if flat.hasEvents { try writeEvents(index, in: flat, recording: recording, identical: &identical) }
        // The fallback member is in the full envelope only.
        if node.fallback != .none { identical = 0 }
        if flat.table.plans[Int(node.plan)].hasChildren {
            json.key("children")
            json.beginArray()
            for child in flat.children(of: index) {
                _ = try writeNode(child, in: flat)
                if recording { identical &= spans[child].identical }
            }
            json.endArray()
        }
        if view == nil {
            switch node.fallback {
            case .node:
                json.key("fallback")
                fallbackDepth += 1
                defer { fallbackDepth -= 1 }
                _ = try writeNode(Int(node.childrenEnd), in: flat)
            case .drop:
                json.key("fallback")
                json.string("drop")
            case .none:
                break
            }
        }
        json.endObject()
        if recording {
            spans[index] = Span(
                start: start, end: json.count, identical: identical, headEnd: headEnd, headIdentical: headIdentical)
        }
        return true
    }

    /// Opens node `index`'s object and writes its type, ID and the props the version knows; in
    /// the full pass, clears from `identical` the variants that write these bytes differently.
    /// Returns where the object starts (its `{`).
    mutating func writeHead(
        _ index: Int, in flat: FlatScreen, recording: Bool, identical: inout UInt64
    ) throws(EmitError) -> Int {
        let node = flat.nodes[index]
        let plan = flat.table.plans[Int(node.plan)]
        json.beginObject()
        let start = json.count - 1
        try flat.bytes.withUnsafeBufferPointer { (arena) throws(EmitError) in
            func token(_ start: Int32, _ end: Int32) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: arena[Int(start)..<Int(end)])
            }
            let table = flat.table
            json.member(
                escaped: token(table.typeKey.lowerBound, table.typeKey.upperBound),
                rawValue: token(plan.typeStart, plan.typeEnd))
            json.member(
                escaped: token(table.idKey.lowerBound, table.idKey.upperBound),
                rawValue: token(node.idStart, node.idEnd))
            if node.slot >= 0 {
                let name = flat.slotTokens[Int(node.slot)]
                json.member(
                    escaped: token(table.slotKey.lowerBound, table.slotKey.upperBound),
                    rawValue: token(name.lowerBound, name.upperBound))
            }
            let firstKey = Int(plan.firstKey)
            for key in 0..<Int(plan.keyCount) {
                let declared = table.keys[firstKey + key]
                let slot = Int(flat.slots[Int(node.firstSlot) + key])
                let isSet = slot >= 0
                if !isSet && !declared.hasDefault { continue }
                if agreeing != 0 {
                    agree(known.keys[firstKey + key], with: agreement!.knowers.keys[firstKey + key])
                }
                if !known.keys[firstKey + key] {
                    if isSet { propRemoved(index, in: flat, key: key) }
                    continue
                }
                if recording { identical &= bits.keys[firstKey + key] }
                let name = token(declared.tokenStart, declared.tokenEnd)
                // Escaped scalars are copied, and so are values every client gets the same way; the
                // rest (containers, actions, enum values a variant's clients lack) is written.
                let tokenStart = isSet ? flat.props[slot].tokenStart : declared.defaultStart
                if tokenStart >= 0 {
                    let enumCase = isSet ? flat.props[slot].enumCase : declared.defaultCase
                    if agreeing != 0, declared.isEnumeration, enumCase >= 0 {
                        agreeing &= agreement!.sameCase[view!.version - 1][Int(enumCase)]
                    }
                    if !declared.isEnumeration || (enumCase >= 0 && known.cases[Int(enumCase)]) {
                        let tokenEnd = isSet ? flat.props[slot].tokenEnd : declared.defaultEnd
                        json.member(escaped: name, rawValue: token(tokenStart, tokenEnd))
                        if recording && declared.isEnumeration {
                            identical &= enumCase >= 0 ? bits.cases[Int(enumCase)] : 0
                        }
                        continue
                    }
                }
                json.key(escaped: name)
                if isSet && view != nil && fallbackDepth == 0 && !valueSpans.isEmpty
                    && valueSpans[slot].identical & passBit != 0
                {
                    let span = valueSpans[slot]
                    full.withUnsafeBufferPointer {
                        json.rawValue(UnsafeBufferPointer(rebasing: $0[span.start..<span.end]))
                    }
                    continue
                }
                let valueStart = json.count
                var valueIdentical: UInt64 = recording ? ~0 : 0
                try writeDynamic(index, in: flat, key: key, slot: slot, identical: &valueIdentical)
                if recording {
                    identical &= valueIdentical
                    if isSet {
                        valueSpans[slot] = Span(start: valueStart, end: json.count, identical: valueIdentical)
                    }
                }
            }
        }
        return start
    }

    /// Notes that a variant leaves out prop `key` of node `index`.
    mutating func propRemoved(_ index: Int, in flat: FlatScreen, key: Int) {
        let plan = context.plans[Int(flat.nodes[index].plan)]
        downgrades.append(.propRemoved(nodeID: flat.id(of: index), type: plan.type, key: plan.keys[key]))
    }

    /// Writes a value that is not an escaped scalar: containers, actions, enum values in variants.
    mutating func writeDynamic(
        _ index: Int, in flat: FlatScreen, key: Int, slot: Int, identical: inout UInt64
    ) throws(EmitError) {
        let plan = context.plans[Int(flat.nodes[index].plan)]
        let value = slot >= 0 ? flat.value(ofProp: slot) : plan.defaults[key]!
        switch value {
        case .action(let action) where view != nil:
            var unrecorded: UInt64 = 0
            try writeAction(
                resolve(action, at: flat.id(of: index)) ?? Self.noOperation, at: index, identical: &unrecorded)
        default:
            try writeValue(value, type: plan.types[key], at: index, identical: &identical)
        }
    }

    /// In a variant: the nodes that came from fallbacks must not repeat an ID of each other or of
    /// the primary nodes the variant keeps.
    mutating func checkFallbackIDs(_ flat: FlatScreen) {
        guard let view else { return }
        var seen: [String: Int] = [:]
        var removed: [Bool] = []
        for index in fallbackNodes {
            // A derived ID unique by construction repeats only in the fallback roots standing in
            // for its node, which this variant removed.
            if flat.derivedIDsAreUnique && flat.nodes[index].idDerived { continue }
            let id = flat.id(of: index)
            var other: Int?
            if let first = flat.primaryFirst[id] {
                // It clashes unless the variant removed that node, itself or with an ancestor.
                if removed.isEmpty {
                    removed = Array(repeating: false, count: flat.nodes.count)
                    for node in removedNodes { removed[node] = true }
                }
                var ancestor = first
                while ancestor >= 0 && !removed[Int(ancestor)] { ancestor = flat.nodes[Int(ancestor)].parent }
                if ancestor < 0 { other = Int(first) }
            }
            if other == nil, let earlier = seen.updateValue(index, forKey: id) {
                seen[id] = earlier
                other = earlier
            }
            if let other {
                problems.append(
                    ScreenRules.idDuplicate.diagnostic(
                        "node ID \"\(id)\" appears twice in the payload for contract \(view.version): also used by \(IDValidator.describe(other, in: flat))",
                        at: flat.source(of: index), path: NodePath(flat: flat, index: index).description))
            }
        }
    }

    /// An action that does nothing, for a dropped action where one is required: an empty sequence.
    static let noOperation = Action(kind: "sequence", fields: [Prop(key: "actions", value: .list([]))])

    /// In a variant: the action itself, its fallback when the version lacks its kind, or nil when dropped.
    ///
    /// An older version that resolves it differently writes another kind, or leaves it out, so
    /// other bytes; except where a dropped action is written as ``noOperation``, which a `sequence`
    /// could equal: then the writer is no longer sure which versions write the same bytes.
    mutating func resolve(_ original: Action, at nodeID: @autoclosure () -> String) -> Action? {
        guard view != nil else { return original }
        let agreedBefore = agreeing
        var action = original
        var resolved: Action?
        while true {
            let kind = table.actionIndex(of: action.kind)
            let knows = kind.map { known.actions[$0] } ?? false
            if agreeing != 0, let kind { agree(knows, with: agreement!.knowers.actions[kind]) }
            if knows {
                resolved = action
                break
            }
            if case .action(let replacement) = action.fallback {
                downgrades.append(.actionReplaced(nodeID: nodeID(), kind: action.kind, by: replacement.kind))
                action = replacement
            } else {
                downgrades.append(.actionDropped(nodeID: nodeID(), kind: action.kind))
                break
            }
        }
        if agreeing != agreedBefore, (resolved?.kind ?? Self.noOperation.kind) == Self.noOperation.kind {
            agreementIsCertain = false
        }
        return resolved
    }
}

/// A value the writer cannot represent; validation normally reports it first.
struct EmitError: Error {
    let message: String
    let location: SourceLocation
}
