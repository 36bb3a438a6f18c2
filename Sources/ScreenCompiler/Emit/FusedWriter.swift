import ScreenJSON
import ScreenKit

/// The ID of the node a ``FusedWriter`` is writing, by the indices of its parts: made a string
/// only when a downgrade names it.
enum FusedNodeID: Sendable, Equatable {
    /// Outside any node: the screen's ID (the first anchor).
    case screen
    /// An explicit ID: the anchor at this index.
    case explicit(anchor: Int)
    /// A derived ID, `<anchor>.<type>-<number>` (see ``IDAssigner``), with the type by plan.
    case derived(anchor: Int, plan: Int, number: Int)

    /// The ID as the envelope has it, given the anchors' IDs and the types by plan.
    func id(anchors: [String], types: [String]) -> String {
        switch self {
        case .screen: anchors.first ?? ""
        case .explicit(let anchor): anchors[anchor]
        case .derived(let anchor, let plan, let number): "\(anchors[anchor]).\(types[plan])-\(number)"
        }
    }
}

/// Validates and writes one screen's variant for one contract version in a single walk of its node
/// tree: no flat form, no validator passes, no second walk to write.
///
/// It only has to be sure: it writes a screen only when every check the compiler runs would pass
/// and the bytes are those ``EnvelopeWriter`` writes from the flattened tree. At the first doubt —
/// a node its version lacks, a fallback, a named slot, events, an unknown or repeated prop, a value
/// a check would refuse, an ID that is invalid, repeated or looks derived, a type that needs
/// escaping — it gives up (``write(_:version:minContract:history:)`` returns nil) and the compiler
/// takes its usual path, which reports the problems. So it never reports a diagnostic itself.
struct FusedWriter {
    /// Why the walk gave up: the usual path decides.
    struct Doubt: Error {
        let reason: StaticString
        init(_ reason: StaticString) { self.reason = reason }
    }

    let context: ValidationContext
    let screen: Screen
    let localizer: Localizer
    /// The catalog's declarations, shared with every render: the walk only reads them, so no
    /// thread contends for their reference counts (2 threads measured as fast as with a copy of
    /// the table per render, which cost 21k instructions on the home screen).
    let table: PlanTable
    var writer: EnvelopeWriter
    var checker: ValueChecker
    var nodeCount = 0
    /// The explicit IDs of the primary tree met so far, and which primary node (counted in
    /// document order) has each.
    var explicitIDs: [String: Int] = [:]
    var primaryCount = 0
    /// The explicit IDs of the primary nodes' fallbacks: no later primary node may have one.
    var fallbackIDs: Set<String> = []
    /// While a primary node's fallback is checked: its IDs so far, and the node it replaces.
    var fallbackCheck: (ids: Set<String>, replacedOrdinal: Int)?
    /// The primary nodes the variant removes (lacked by its version, or under one), by their
    /// ordinals in the primary tree, and the explicit IDs of the fallbacks written in their place.
    var removedNodes: [Range<Int>] = []
    var writtenFallbackIDs: [String] = []
    /// For each anchor of derived IDs (``EnvelopeWriter/fusedAnchors``: the screen's ID first, then
    /// each node with an explicit ID), its number in `anchorNumbers` once a derived ID needed it
    /// (-1: not yet).
    var anchorIndices: [Int] = []
    /// As ``IDAssigner`` counts: per anchor ID (by ID: a node may have the screen's ID) and type.
    var anchorNumbers: [String: Int] = [:]
    var planCounters: [Int] = []
    /// For the node being written: the position of the prop set for each declared prop, or -1.
    var declaredProps: [Int32] = []
    /// Each anchor's ID as UTF-8, in one buffer: what derived IDs are written from.
    var anchorArena: [UInt8] = []
    var anchorTokens: [Range<Int>] = []
    /// For each element of the table, the versions that know it; for each enum case, the versions
    /// that write the same value for it as this one (see ``VersionAgreement``).
    var knowers = EnvelopeWriter.Bits()
    var sameCase: [UInt64] = []
    /// The screens action fields named last that are in the catalog, and the action kind looked up last.
    var recentScreens: [String] = []
    var recentAction: (kind: String, index: Int)?
    /// The plans of the types looked up last (see ``FlatScreen/Builder``).
    var recentPlans: [(type: String, plan: Int)] = []

    init(screen: Screen, context: ValidationContext, localizer: Localizer, style: JSONStyle) {
        self.context = context
        self.screen = screen
        self.localizer = localizer
        table = context.planTable
        writer = EnvelopeWriter(context: context, style: style, writesOnce: true)
        checker = ValueChecker(context: context, screen: screen, table: table)
    }

    /// The variant of the screen for clients of `version`, and the oldest version writing the same
    /// bytes; or why the walk is not sure (see ``FusedWriter``).
    mutating func write(
        _ version: Int, minContract: Int, history: PreparedHistory, size: Size
    ) -> Result<SingleVariant, Doubt> {
        let views = history.views
        let agreement = history.agreement
        guard agreement.isComplete, agreement.views.count >= version,
            context.planTable.plans.count == table.plans.count
        else { return .failure(Doubt("a history past 64 versions")) }
        let view = views[version - 1]
        writer.view = view
        writer.agreement = agreement
        writer.known = agreement.masks[version - 1]
        writer.agreeing = (1 << UInt64(version - 1)) - 1
        writer.table = table
        writer.arena = context.planTokens
        writer.fusedNode = .screen
        knowers = agreement.knowers
        sameCase = agreement.sameCase[version - 1]
        // Sized once from the count: no table is rehashed, and the envelope is about 130 bytes a node.
        writer.json.reserveCapacity(160 * size.nodes + 512)
        explicitIDs.reserveCapacity(size.explicitIDs)
        anchorNumbers.reserveCapacity(size.explicitIDs + 1)
        writer.fusedAnchors.reserveCapacity(size.explicitIDs + 1)
        anchorIndices.reserveCapacity(size.explicitIDs + 1)
        anchorTokens.reserveCapacity(size.explicitIDs + 1)
        anchorArena.reserveCapacity(16 * (size.explicitIDs + 1))
        planCounters.reserveCapacity(min(size.explicitIDs + 1, 64) * table.plans.count)
        addAnchor(screen.id)
        let bodyStart: Int
        do {
            bodyStart = try writeEnvelope(version: version, minContract: minContract)
        } catch {
            return .failure(error)
        }
        guard writer.problems.isEmpty else { return .failure(Doubt("a problem writing the variant")) }
        guard let same = writer.olderWritingTheSame else { return .failure(Doubt("older versions to compare")) }
        var bytes = writer.json.takeBytes()
        var contract = version
        while contract > minContract, same & (1 << UInt64(contract - 2)) != 0,
            views[contract - 2].profile == view.profile
        {
            contract -= 1
        }
        if contract != version {
            let digits = String(version).utf8.count
            bytes.replaceSubrange(bodyStart - digits..<bodyStart, with: String(contract).utf8)
        }
        return .success(
            SingleVariant(
                bytes: bytes, version: version, contract: contract, minContract: minContract,
                downgrades: writer.downgrades))
    }

    /// How many nodes a screen has, and how many of them an explicit ID.
    struct Size {
        var nodes = 0
        var explicitIDs = 0
    }

    /// The size of `screen`'s tree (its props are not read); or why the walk would not be sure,
    /// found before anything is made: not one root, or events or experiments, which go the flat way
    /// from the start rather than from the first node that has them.
    static func size(of screen: Screen) -> Result<Size, Doubt> {
        guard screen.content.count == 1 else { return .failure(Doubt("not one root")) }
        var counter = Counter()
        withUnsafePointer(to: screen.content[0]) { count($0, depth: 1, into: &counter) }
        return counter.extras ? .failure(Doubt("events or an experiment")) : .success(counter.size)
    }

    /// What ``count(_:depth:into:)`` found.
    private struct Counter {
        var size = Size()
        var extras = false
    }

    /// Counts the node at `node` and its subtree, fallbacks included, and those with an explicit
    /// ID, down to the depth limit; notes whether one has events or stands for an experiment.
    private static func count(_ node: UnsafePointer<Node>, depth: Int, into counter: inout Counter) {
        guard depth <= ScreenLimits.maximumDepth, counter.size.nodes <= ScreenLimits.maximumNodes else { return }
        counter.size.nodes += 1
        node.pointee.withFields { fields in
            if fields.pointee.hasExtras { counter.extras = true }
            if fields.pointee.id != nil { counter.size.explicitIDs += 1 }
            fields.pointee.children?.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for position in 0..<children.count { count(first + position, depth: depth + 1, into: &counter) }
            }
            if case .node(let fallback) = fields.pointee.fallback {
                withUnsafePointer(to: fallback) { count($0, depth: depth + 1, into: &counter) }
            }
        }
    }

    /// Writes the envelope as ``EnvelopeWriter/envelope(_:contract:minContract:view:supported:agreement:)``
    /// does; returns where the part after the `contract` number starts.
    private mutating func writeEnvelope(version: Int, minContract: Int) throws(Doubt) -> Int {
        writer.json.beginObject()
        writer.json.key("format")
        writer.json.integer(EnvelopeWriter.format)
        writer.json.key("id")
        writer.json.string(screen.id)
        writer.json.key("contract")
        writer.json.integer(version)
        let bodyStart = writer.json.count
        writer.json.key("minContract")
        writer.json.integer(minContract)
        if let title = screen.title {
            writer.json.key("title")
            writer.json.string(title)
        }
        writer.json.key("initialState")
        do {
            try writer.writeMap(screen.initialState, at: -1)
        } catch {
            throw Doubt("an initial state JSON cannot hold")
        }
        writer.json.key("root")
        try withUnsafePointer(to: screen.content[0]) { (root) throws(Doubt) in
            try write(root, anchor: 0, depth: 1, place: .primary, parentHoldsOnlySlots: false)
        }
        try checkWrittenFallbackIDs()
        writer.json.endObject()
        if writer.style == .pretty { writer.json.newline() }
        return bodyStart
    }

    /// The index in ``ValidationContext/plans`` of the component `type`, or -1.
    private mutating func plan(of type: String) -> Int {
        for entry in recentPlans.reversed() where entry.type == type { return entry.plan }
        let plan = context.planIndex[type] ?? -1
        if recentPlans.count == 4 { recentPlans.removeFirst() }
        recentPlans.append((type, plan))
        return plan
    }

    /// Where the walk is: writing the primary tree, or checking what the variant leaves out but the
    /// checks read, or writing a fallback in place of a node the version lacks.
    enum Place {
        /// A node of the primary tree, written.
        case primary
        /// A node of the primary tree the version lacks, or one under it: checked, not written (the
        /// variant has the fallback instead); its ID is still one of the primary tree's.
        case removed
        /// The root of the fallback of a primary node, checked: it stands in for that node, whose
        /// ID it takes unless it has its own.
        case fallbackRoot(replaced: FusedNodeID, anchor: Int)
        /// A node of a fallback, checked.
        case fallback
        /// The root of the fallback written in place of a primary node the version lacks.
        case replacementRoot(replaced: FusedNodeID, anchor: Int)
        /// A node of a fallback written in place of a primary node, under its root.
        case replacement

        /// Whether the node is written.
        var isWritten: Bool {
            switch self {
            case .primary, .replacementRoot, .replacement: true
            case .removed, .fallbackRoot, .fallback: false
            }
        }

        /// Whether the node belongs to the primary tree, so its explicit ID is one of the tree's.
        var isPrimary: Bool {
            switch self {
            case .primary, .removed: true
            case .fallbackRoot, .fallback, .replacementRoot, .replacement: false
            }
        }

        /// Whether the node is a fallback's root, which stands in for another.
        var isFallbackRoot: Bool {
            switch self {
            case .fallbackRoot, .replacementRoot: true
            case .primary, .removed, .fallback, .replacement: false
            }
        }

        /// For a fallback's root: the node it stands in for, and that node's children's anchor.
        var standsFor: (replaced: FusedNodeID, anchor: Int)? {
            switch self {
            case .fallbackRoot(let replaced, let anchor), .replacementRoot(let replaced, let anchor): (replaced, anchor)
            case .primary, .removed, .fallback, .replacement: nil
            }
        }

        /// Where the node's children are.
        var ofChildren: Place {
            switch self {
            case .primary: .primary
            case .removed: .removed
            case .fallbackRoot, .fallback: .fallback
            case .replacementRoot, .replacement: .replacement
            }
        }
    }

    /// Checks and writes the node at `pointer` and its subtree (only checks it in a fallback);
    /// `anchor` is the index in `anchors` its derived ID would start with.
    private mutating func write(
        _ pointer: UnsafePointer<Node>, anchor: Int, depth: Int, place: Place, parentHoldsOnlySlots: Bool
    ) throws(Doubt) {
        guard depth <= ScreenLimits.maximumDepth, nodeCount < ScreenLimits.maximumNodes else {
            throw Doubt("too deep or too many nodes")
        }
        // No node has events or stands for an experiment: ``size(of:)`` looked.
        nodeCount += 1
        // The fields stay where they are while the screen, which holds the node, is alive.
        let fields = pointer.pointee.withFields { $0 }
        let checking = !place.isWritten
        // A fallback root sits in the slot of the node it stands in for.
        if !place.isFallbackRoot {
            guard fields.pointee.slot == nil, !parentHoldsOnlySlots else { throw Doubt("a named slot") }
        }
        let planIndex = plan(of: fields.pointee.type)
        guard planIndex >= 0 else { throw Doubt("an undeclared component") }
        let plan = table.plans[planIndex]
        // A dot in a type could make a derived ID repeat another (see ``FlatScreen/derivedIDsAreUnique``).
        guard !plan.typeHasDot else { throw Doubt("a type with a dot") }
        guard fields.pointee.children == nil || plan.hasChildren else { throw Doubt("children on a leaf") }
        if !checking {
            guard writer.knows(Int32(planIndex)) else {
                // Only one fallback deep: a fallback the version lacks too goes the flat way.
                guard case .primary = place else { throw Doubt("a fallback the version lacks") }
                return try replace(pointer, fields: fields, plan: planIndex, anchor: anchor, depth: depth)
            }
            writer.json.beginObject()
            writeMember(table.typeKey, raw: plan.typeStart..<plan.typeEnd)
        }
        let ordinal = primaryCount
        let (childAnchor, nodeID) = try writeID(fields.pointee.id, plan: planIndex, anchor: anchor, place: place)
        try pointer.pointee.withProps { (props) throws(Doubt) in
            try writeProps(props, plan: planIndex, checking: checking)
        }
        if plan.hasChildren {
            if !checking {
                writer.json.key("children")
                writer.json.beginArray()
            }
            let holdsOnlySlots = plan.holdsOnlySlots
            if let children = fields.pointee.children {
                try children.withUnsafeBufferPointer { (children) throws(Doubt) in
                    guard let first = children.baseAddress else { return }
                    for position in 0..<children.count {
                        try write(
                            first + position, anchor: childAnchor, depth: depth + 1,
                            place: place.ofChildren, parentHoldsOnlySlots: holdsOnlySlots)
                    }
                }
            }
            if !checking { writer.json.endArray() }
        }
        if !checking { writer.json.endObject() }
        guard case .node(let fallback) = fields.pointee.fallback else { return }
        // The fallback's subtree is checked, not written: its IDs must not repeat a primary node's
        // outside the node it stands in for, nor each other (only a primary node's fallback is
        // held to that, as the ID check does).
        let outer = fallbackCheck
        fallbackCheck = place.isPrimary ? (ids: [], replacedOrdinal: ordinal) : nil
        defer { fallbackCheck = outer }
        try withUnsafePointer(to: fallback) { (root) throws(Doubt) in
            try write(
                root, anchor: childAnchor, depth: depth + 1,
                place: .fallbackRoot(replaced: nodeID, anchor: childAnchor),
                parentHoldsOnlySlots: false)
        }
    }

    /// A primary node the version lacks: it and its subtree checked as nodes the variant removes, and
    /// its fallback written in its place (nothing for a dropped one), as
    /// ``EnvelopeWriter/writeNode(_:in:)`` does, downgrades and all.
    private mutating func replace(
        _ pointer: UnsafePointer<Node>, fields: UnsafePointer<NodeHeader>, plan planIndex: Int, anchor: Int, depth: Int
    ) throws(Doubt) {
        let ordinal = primaryCount
        let (childAnchor, nodeID) = try writeID(fields.pointee.id, plan: planIndex, anchor: anchor, place: .removed)
        try pointer.pointee.withProps { (props) throws(Doubt) in
            try writeProps(props, plan: planIndex, checking: true)
        }
        if let children = fields.pointee.children {
            let holdsOnlySlots = table.plans[planIndex].holdsOnlySlots
            try children.withUnsafeBufferPointer { (children) throws(Doubt) in
                guard let first = children.baseAddress else { return }
                for position in 0..<children.count {
                    try write(
                        first + position, anchor: childAnchor, depth: depth + 1, place: .removed,
                        parentHoldsOnlySlots: holdsOnlySlots)
                }
            }
        }
        removedNodes.append(ordinal..<primaryCount)
        let id = nodeID.id(anchors: writer.fusedAnchors, types: table.typeNames)
        switch fields.pointee.fallback {
        case nil:
            throw Doubt("a component the version lacks, without a fallback")
        case .drop:
            guard depth > 1 else { throw Doubt("a root the version would drop") }
            writer.downgrades.append(.dropped(nodeID: id, type: table.typeNames[planIndex]))
        case .node(let fallback):
            writer.downgrades.append(.replaced(nodeID: id, type: table.typeNames[planIndex], by: fallback.type))
            // Checked as the node's fallback, as any primary node's is, and written.
            let outer = fallbackCheck
            fallbackCheck = (ids: [], replacedOrdinal: ordinal)
            defer { fallbackCheck = outer }
            try withUnsafePointer(to: fallback) { (root) throws(Doubt) in
                try write(
                    root, anchor: childAnchor, depth: depth + 1,
                    place: .replacementRoot(replaced: nodeID, anchor: childAnchor), parentHoldsOnlySlots: false)
            }
        }
    }
}
