import ScreenJSON
import ScreenKit

/// One screen's tree, flattened once for the compiler: nodes in document order with their IDs
/// assigned, props matched to their declarations and scalar values already escaped.
///
/// Validators and writers work on these arrays instead of walking, copying and reference-counting
/// the node tree again and again. Document order is: a node, its children's subtrees in order,
/// then its fallback's subtree; so a node's subtree is the index range `index..<end`.
final class FlatScreen: Sendable {
    /// The screen the tree belongs to.
    let screen: Screen
    /// The nodes in document order.
    let nodes: [FlatNode]
    /// The wire types of nodes whose type the catalog does not declare (the others are in `table`).
    let undeclaredTypes: [Int32: String]
    /// The IDs that were not written explicitly and are not their token unquoted (see ``id(of:)``).
    private let escapedIDs: [Int32: String]
    /// Each node's explicit ID, as written.
    let authoredIDs: [String?]
    /// Where each node was written: the file's index in `sourceFiles`, line and column.
    private let sourcePlaces: [SourcePlace]
    private let sourceFiles: [String]
    /// Every node's props as written, node after node (see ``FlatNode/firstProp``).
    let props: [FlatProp]
    /// Each node as written: its props, read in place, are where the keys and values are.
    let nodeProps: [Node]
    /// The values of declared props that are not escaped scalars (actions, lists, maps, numbers
    /// JSON cannot hold), copied while they were at hand: writers and checks read them every pass.
    let dynamicValues: [Value]
    /// For each node of a declared type, one entry per declared prop: the index in `props` of the
    /// first prop set with that key, or -1.
    let slots: [Int32]
    /// Escaped JSON tokens: the IDs and the scalar prop values.
    let bytes: [UInt8]
    /// The named slots nodes sit in (see ``FlatNode/slot``), and each one's escaped name in `bytes`.
    let slotNames: [String]
    let slotTokens: [Range<Int32>]
    /// The catalog's component declarations, this screen's own copy.
    let table: PlanTable
    /// For each ID of the primary tree (the nodes outside fallbacks), its first node. Derived IDs
    /// are left out when they are unique by construction (see ``IDAssigner``): looking one up then
    /// finds nothing, which is right, as no other node has it.
    let primaryFirst: [String: Int32]
    /// The primary nodes whose ID an earlier primary node already has, in document order.
    let primaryRepeats: [Int32]
    /// Whether derived IDs are unique by construction: no explicit ID looks derived and no type has
    /// a dot. A node whose ``FlatNode/idDerived`` is set then shares its ID with no other node but
    /// the fallback roots standing in for it.
    let derivedIDsAreUnique: Bool
    /// Whether some node sends analytics events.
    let hasEvents: Bool
    /// The analytics events of each node that sends any, by node index; empty for most screens.
    let events: [Int32: [TrackedEvent]]

    private init(_ builder: Builder, escapedIDs: [Int32: String]) {
        screen = builder.screen
        nodes = builder.nodes
        hasEvents = builder.hasEvents
        events = builder.events
        undeclaredTypes = builder.undeclaredTypes
        self.escapedIDs = escapedIDs
        authoredIDs = builder.authoredIDs
        sourcePlaces = builder.sourcePlaces
        sourceFiles = builder.sourceFiles
        props = builder.props
        nodeProps = builder.nodeProps
        dynamicValues = builder.dynamicValues
        slots = builder.slots
        bytes = builder.bytes
        slotNames = builder.slotNames
        slotTokens = builder.slotTokens
        table = builder.table
        // Derived IDs are unique, and distinct from explicit ones, unless an explicit ID looks
        // derived or a type has a dot (`a.b` + `c` = `a` + `b.c`); then every ID is indexed.
        let onlyExplicit = !builder.mayCollide && !builder.typeHasDot
        derivedIDsAreUnique = onlyExplicit
        var first: [String: Int32] = [:]
        // Sized up front: growing would hash every ID again at each doubling.
        first.reserveCapacity(onlyExplicit ? builder.explicitIDCount : builder.nodes.count)
        var repeats: [Int32] = []
        for index in builder.nodes.indices where !builder.nodes[index].inFallback {
            if onlyExplicit && builder.authoredIDs[index] == nil { continue }
            let id = Self.id(
                of: index, authoredIDs: builder.authoredIDs, escapedIDs: escapedIDs, nodes: builder.nodes,
                bytes: builder.bytes)
            if let earlier = first.updateValue(Int32(index), forKey: id) {
                first[id] = earlier
                repeats.append(Int32(index))
            }
        }
        primaryFirst = first
        primaryRepeats = repeats
    }

    /// Node `index`'s ID: explicit, inherited by a fallback root, or derived (see ``IDAssigner``).
    /// A derived ID is made from its token each time it is asked for: most never are.
    func id(of index: Int) -> String {
        Self.id(of: index, authoredIDs: authoredIDs, escapedIDs: escapedIDs, nodes: nodes, bytes: bytes)
    }

    /// Node `index`'s ID from the parts a flat screen keeps: its explicit ID, else the one kept
    /// because its token is escaped, else its token without the quotes.
    @inline(__always)
    static func id(
        of index: Int, authoredIDs: [String?], escapedIDs: [Int32: String], nodes: [FlatNode], bytes: [UInt8]
    ) -> String {
        if let explicit = authoredIDs[index] { return explicit }
        if let id = escapedIDs[Int32(index)] { return id }
        let (start, end) = (Int(nodes[index].idStart), Int(nodes[index].idEnd))
        return bytes.withUnsafeBufferPointer { String(decoding: $0[start + 1..<end - 1], as: UTF8.self) }
    }

    /// Flattens `screen`'s single root, or returns why it cannot: the tree nests deeper or holds
    /// more nodes than ``ScreenLimits`` allow. The walk stops one level past the limit, so the
    /// stack stays bounded whatever the input; nothing else recurses over an unchecked tree.
    ///
    /// With a `localizer`, every localized string in a prop is replaced by its text as the prop is
    /// recorded (the tree is not walked a second time to localize it): validators and writers then
    /// read the replaced values.
    static func make(_ screen: Screen, root: Node, context: ValidationContext, localizer: Localizer? = nil) -> (
        flat: FlatScreen?, problem: Diagnostic?
    ) {
        var builder = Builder(screen: screen, context: context)
        builder.localizer = localizer
        withUnsafePointer(to: root) { root in
            // Sized once from a count of the tree, so no array grows (copying itself) on the way;
            // the count also brings the tree into the cache before it is recorded.
            var size = TreeSize()
            size.count(root, depth: 1)
            builder.reserve(size)
            builder.add(root, parent: -1, depth: 1, isFallbackRoot: false, inFallback: false, slot: -1)
        }
        if let problem = builder.problem { return (nil, problem) }
        var assigner = IDAssigner(
            authoredIDs: builder.authoredIDs, mayCollide: builder.mayCollide, screenID: screen.id,
            planCount: builder.table.plans.count, explicitIDCount: builder.explicitIDCount)
        let escapedIDs = assigner.assign(&builder)
        return (FlatScreen(builder, escapedIDs: escapedIDs), nil)
    }

    /// Where node `index` was written.
    func source(of index: Int) -> SourceLocation {
        let place = sourcePlaces[index]
        return SourceLocation(file: sourceFiles[Int(place.file)], line: Int(place.line), column: Int(place.column))
    }

    /// The indices of `index`'s children, in order.
    func children(of index: Int) -> ChildIndices {
        ChildIndices(nodes: nodes, position: index + 1, end: Int(nodes[index].childrenEnd))
    }

    /// The index of `index`'s fallback root, when its fallback is a node.
    func fallbackRoot(of index: Int) -> Int? {
        nodes[index].fallback == .node ? Int(nodes[index].childrenEnd) : nil
    }

    /// Calls `body` with `index` and its descendants through children, in document order: the
    /// primary tree a client receives when no fallback applies.
    func forEachPrimaryNode(from index: Int, _ body: (Int) -> Void) {
        body(index)
        var child = index + 1
        let end = Int(nodes[index].childrenEnd)
        while child < end {
            forEachPrimaryNode(from: child, body)
            child = Int(nodes[child].end)
        }
    }

    /// The wire type of node `index`.
    func type(of index: Int) -> String {
        table.typeName(ofPlan: nodes[index].plan, node: index, undeclared: undeclaredTypes)
    }

    /// The key of prop `prop` (an index in `props`).
    func key(ofProp prop: Int) -> String {
        let flat = props[prop]
        return nodeProps[Int(flat.node)].withProps { $0[Int(flat.position)].key }
    }

    /// The value of prop `prop` (an index in `props`).
    func value(ofProp prop: Int) -> Value {
        let flat = props[prop]
        if flat.dynamic >= 0 { return dynamicValues[Int(flat.dynamic)] }
        return nodeProps[Int(flat.node)].withProps { $0[Int(flat.position)].value }
    }

    /// Every explicit ID in the tree, fallbacks included.
    func explicitIDSet() -> Set<String> { Set(authoredIDs.compactMap { $0 }) }

    /// Whether a primary node has this ID outside the subtree of node `index`.
    func primaryHas(_ id: String, outside index: Int) -> Bool {
        guard let first = primaryFirst[id] else { return false }
        return !(index..<Int(nodes[index].end)).contains(Int(first))
    }

    /// The screen's root as a node tree with every ID set.
    func resolvedRoot() -> Node {
        var next = 0
        func resolve(_ node: Node) -> Node {
            var copy = node
            copy.id = id(of: next)
            next += 1
            copy.children = node.children?.map(resolve)
            if case .node(let fallback) = node.fallback { copy.fallback = .node(resolve(fallback)) }
            return copy
        }
        return resolve(screen.content[0])
    }

    /// The escaped token at `range` of `bytes`, for the duration of `body`.
    @inline(__always)
    func withToken<R>(_ start: Int32, _ end: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)])) }
    }

    /// Walks the nodes and records them; the first size problem stops it.
    struct Builder {
        let screen: Screen
        let context: ValidationContext
        var nodes: [FlatNode] = []
        var undeclaredTypes: [Int32: String] = [:]
        var authoredIDs: [String?] = []
        var sourcePlaces: [SourcePlace] = []
        /// The files nodes were written in; nodes written one after another mostly share one.
        var sourceFiles: [String] = []
        var props: [FlatProp] = []
        var nodeProps: [Node] = []
        var dynamicValues: [Value] = []
        var slots: [Int32] = []
        var bytes: [UInt8] = []
        var slotNames: [String] = []
        var slotTokens: [Range<Int32>] = []
        /// How many nodes have an explicit ID.
        var explicitIDCount = 0
        /// Whether some explicit ID looks derived, or some type has a dot (see ``primaryFirst``).
        var mayCollide = false
        var typeHasDot = false
        var problem: Diagnostic?
        /// Whether some node sends analytics events (the event validator looks only then).
        var hasEvents = false
        var events: [Int32: [TrackedEvent]] = [:]
        var table = PlanTable()
        /// Replaces localized strings in props as they are recorded; nil to record them as they are.
        var localizer: Localizer?
        /// This screen's copy of each component's index (its keys are in `table`).
        private let planIndex: [String: Int]

        init(screen: Screen, context: ValidationContext) {
            self.screen = screen
            self.context = context
            var planIndex = context.planIndex
            // Reserving on a dictionary that shares its storage copies it: this screen's own.
            planIndex.reserveCapacity(context.planIndex.count)
            self.planIndex = planIndex
            // The context's table and tokens, copied: the same numbering and bytes as making them.
            table = context.planTable.unshared()
            bytes = context.planTokens
        }

        /// The wire type of node `index`.
        func type(of index: Int) -> String {
            table.typeName(ofPlan: nodes[index].plan, node: index, undeclared: undeclaredTypes)
        }

        /// The plans of the types looked up last, newest last: a screen's nodes mostly repeat a few
        /// types, and comparing a short string costs less than hashing it.
        private var recentPlans: [(type: String, plan: Int)] = []

        /// The index in ``ValidationContext/plans`` of the component `type`, or -1 when undeclared.
        private mutating func plan(of type: String) -> Int {
            for entry in recentPlans.reversed() where entry.type == type { return entry.plan }
            let plan = planIndex[type] ?? -1
            if recentPlans.count == 4 { recentPlans.removeFirst() }
            recentPlans.append((type, plan))
            return plan
        }

        /// Adds the node at `pointer` and its subtree. Through a pointer, so the node is read in place:
        /// passed as a value into this mutating method, it would be copied first.
        mutating func add(
            _ pointer: UnsafePointer<Node>, parent: Int32, depth: Int, isFallbackRoot: Bool, inFallback: Bool,
            slot inheritedSlot: Int32
        ) {
            guard problem == nil else { return }
            if depth > ScreenLimits.maximumDepth {
                problem = ScreenRules.depthExceeded.diagnostic(
                    "screen \"\(screen.id)\" nests deeper than \(ScreenLimits.maximumDepth) levels",
                    at: pointer.pointee.source,
                    path: screen.id)
                return
            }
            if nodes.count >= ScreenLimits.maximumNodes {
                problem = ScreenRules.screenTooLarge.diagnostic(
                    "screen \"\(screen.id)\" has more than \(ScreenLimits.maximumNodes) nodes",
                    at: SourceLocation(
                        file: sourceFiles[0], line: Int(sourcePlaces[0].line), column: Int(sourcePlaces[0].column)),
                    path: screen.id)
                return
            }
            pointer.pointee.withFields { fields in
                record(
                    pointer, fields, parent: parent, depth: depth, isFallbackRoot: isFallbackRoot,
                    inFallback: inFallback, slot: inheritedSlot)
            }
        }

        /// Records the node at `node`, whose fields are at `fields`, and its subtree (see ``add``).
        private mutating func record(
            _ node: UnsafePointer<Node>, _ fields: UnsafePointer<NodeHeader>, parent: Int32, depth: Int,
            isFallbackRoot: Bool, inFallback: Bool, slot inheritedSlot: Int32
        ) {
            let index = nodes.count
            let plan = plan(of: fields.pointee.type)
            var flat = FlatNode(
                plan: Int32(plan), parent: parent, firstProp: Int32(props.count), firstSlot: Int32(slots.count),
                hasChildren: fields.pointee.children != nil, isFallbackRoot: isFallbackRoot, inFallback: inFallback)
            if plan < 0 { undeclaredTypes[Int32(index)] = fields.pointee.type }
            if node.pointee.hasEvents {
                hasEvents = true
                events[Int32(index)] = node.pointee.events
            }
            if isFallbackRoot {
                flat.slot = inheritedSlot
            } else if let slot = fields.pointee.slot {
                flat.slot = slotIndex(of: slot)
            }
            nodeProps.append(node.pointee)
            authoredIDs.append(fields.pointee.id)
            if sourceFiles.last != fields.pointee.source.file {
                sourceFiles.append(fields.pointee.source.file)
            }
            sourcePlaces.append(
                SourcePlace(
                    file: Int32(sourceFiles.count - 1), line: Int32(clamping: fields.pointee.source.line),
                    column: Int32(clamping: fields.pointee.source.column)))
            if let id = fields.pointee.id {
                explicitIDCount += 1
                if !mayCollide { mayCollide = IDAssigner.looksDerived(id) }
            }
            if !typeHasDot && (plan < 0 || table.plans[plan].typeHasDot) {
                typeHasDot = fields.pointee.type.utf8.contains(0x2E)
            }
            addProps(of: node, index: index, plan: plan)
            flat.propCount = Int32(props.count) - flat.firstProp
            nodes.append(flat)
            fields.pointee.children?.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for position in 0..<children.count {
                    add(
                        first + position, parent: Int32(index), depth: depth + 1, isFallbackRoot: false,
                        inFallback: inFallback, slot: -1)
                }
            }
            nodes[index].childrenEnd = Int32(nodes.count)
            switch fields.pointee.fallback {
            case .node(let fallback):
                nodes[index].fallback = .node
                withUnsafePointer(to: fallback) { fallback in
                    add(
                        fallback, parent: Int32(index), depth: depth + 1, isFallbackRoot: true, inFallback: true,
                        slot: nodes[index].slot)
                }
            case .drop:
                nodes[index].fallback = .drop
            case nil:
                break
            }
            nodes[index].end = Int32(nodes.count)
        }

        /// Room in every array for a tree of `size`.
        mutating func reserve(_ size: TreeSize) {
            nodes.reserveCapacity(size.nodes)
            authoredIDs.reserveCapacity(size.nodes)
            sourcePlaces.reserveCapacity(size.nodes)
            nodeProps.reserveCapacity(size.nodes)
            props.reserveCapacity(size.props)
            slots.reserveCapacity(size.props + size.nodes)
            // The IDs (derived ones are written later, about 24 bytes each) and the quoted values.
            bytes.reserveCapacity(bytes.count + size.stringBytes + 8 * size.props + 24 * size.nodes)
        }

        /// Whether `value` is of a kind that can hold a localized string: not a plain scalar.
        @inline(__always)
        static func mayHoldLocalized(_ value: Value) -> Bool {
            switch value {
            case .string, .number, .bool: false
            case .localized, .list, .map, .action: true
            }
        }

        /// The index of the named slot `name` in ``slotNames``, escaping its name the first time.
        private mutating func slotIndex(of name: String) -> Int32 {
            if let index = slotNames.firstIndex(of: name) { return Int32(index) }
            let start = Int32(bytes.count)
            _ = appendJSONToken(.string(name), to: &bytes)
            slotNames.append(name)
            slotTokens.append(start..<Int32(bytes.count))
            return Int32(slotNames.count - 1)
        }

        /// Records the node's props, escapes their scalar values and fills its slots.
        private mutating func addProps(of node: UnsafePointer<Node>, index: Int, plan planIndex: Int) {
            // This plan's declared keys, as indices in `table.keyNames`.
            var keys = 0..<0
            if planIndex >= 0 {
                let plan = table.plans[planIndex]
                keys = Int(plan.firstKey)..<Int(plan.firstKey + plan.keyCount)
            }
            let firstSlot = slots.count
            slots.append(contentsOf: repeatElement(-1, count: keys.count))
            node.pointee.withProps { authored in
                guard let base = authored.baseAddress else { return }
                for position in 0..<authored.count {
                    let prop = base + position
                    var declared = -1
                    for key in keys where table.keyNames[key] == prop.pointee.key {
                        declared = key - keys.lowerBound
                        break
                    }
                    var start: Int32 = -1
                    var end: Int32 = -1
                    var enumCase: Int32 = -1
                    var dynamic: Int32 = -1
                    // A localized string is replaced now; the replaced value is what every reader
                    // gets (``FlatScreen/value(ofProp:)`` reads `dynamicValues` first). The value is
                    // looked into before the localizer is bound: binding copies it, tables and all.
                    var localized: Value?
                    if Self.mayHoldLocalized(prop.pointee.value), prop.pointee.value.holdsLocalized, let localizer {
                        localized = localizer.localize(prop.pointee.value)
                        dynamic = Int32(dynamicValues.count)
                        dynamicValues.append(localized!)
                    }
                    if declared >= 0 {
                        let key = table.plans[planIndex].firstKey + Int32(declared)
                        let value = localized ?? prop.pointee.value
                        if table.keys[Int(key)].isEnumeration, case .string(let value) = value {
                            enumCase = table.caseIndex(of: value, key: key)
                        }
                        let before = bytes.count
                        if table.keys[Int(key)].mayNameToken, case .string(let name) = value,
                            ColorToken.isTokenName(name)
                        {
                            // Written per version: the token's name or its literal.
                            if localized == nil {
                                dynamic = Int32(dynamicValues.count)
                                dynamicValues.append(value)
                            }
                        } else if appendJSONToken(value, to: &bytes) {
                            start = Int32(before)
                            end = Int32(bytes.count)
                        } else if localized == nil {
                            dynamic = Int32(dynamicValues.count)
                            dynamicValues.append(value)
                        }
                        if slots[firstSlot + declared] < 0 { slots[firstSlot + declared] = Int32(props.count) }
                    }
                    props.append(
                        FlatProp(
                            node: Int32(index), position: Int32(position), declared: Int32(declared), tokenStart: start,
                            tokenEnd: end, enumCase: enumCase, dynamic: dynamic))
                }
            }
        }
    }
}
