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
    /// found before anything is made: not one root, events or experiments, or a component of the
    /// primary tree among `lacking` (the types the client's version lacks, which it gets the
    /// fallbacks of). Those go the flat way from the start rather than from the first such node.
    static func size(of screen: Screen, lacking: [String]) -> Result<Size, Doubt> {
        guard screen.content.count == 1 else { return .failure(Doubt("not one root")) }
        var counter = Counter(lacking: lacking)
        withUnsafePointer(to: screen.content[0]) { count($0, depth: 1, inFallback: false, into: &counter) }
        if counter.extras { return .failure(Doubt("events or an experiment")) }
        if counter.lacks { return .failure(Doubt("a component the version lacks")) }
        return .success(counter.size)
    }

    /// What ``count(_:depth:inFallback:into:)`` found.
    private struct Counter {
        let lacking: [String]
        var size = Size()
        var extras = false
        var lacks = false
    }

    /// Counts the node at `node` and its subtree, fallbacks included, and those with an explicit
    /// ID, down to the depth limit; notes whether one has events or stands for an experiment, and
    /// whether one outside fallbacks is of a type in ``Counter/lacking``.
    private static func count(_ node: UnsafePointer<Node>, depth: Int, inFallback: Bool, into counter: inout Counter) {
        guard depth <= ScreenLimits.maximumDepth, counter.size.nodes <= ScreenLimits.maximumNodes else { return }
        counter.size.nodes += 1
        node.pointee.withFields { fields in
            if fields.pointee.hasExtras { counter.extras = true }
            if fields.pointee.id != nil { counter.size.explicitIDs += 1 }
            if !inFallback, !counter.lacking.isEmpty, counter.lacking.contains(fields.pointee.type) {
                counter.lacks = true
            }
            fields.pointee.children?.withUnsafeBufferPointer { children in
                guard let first = children.baseAddress else { return }
                for position in 0..<children.count {
                    count(first + position, depth: depth + 1, inFallback: inFallback, into: &counter)
                }
            }
            if case .node(let fallback) = fields.pointee.fallback {
                withUnsafePointer(to: fallback) { count($0, depth: depth + 1, inFallback: true, into: &counter) }
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

    /// Where the walk is: writing the primary tree, or checking a fallback's subtree, which the
    /// variant leaves out but the checks read.
    enum Place {
        /// A node of the primary tree, written.
        case primary
        /// The root of the fallback of a primary node, checked: it stands in for that node, whose
        /// ID it takes unless it has its own.
        case fallbackRoot(replaced: FusedNodeID, anchor: Int)
        /// A node of a fallback, checked.
        case fallback
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
        let checking: Bool
        switch place {
        case .primary:
            checking = false
            guard fields.pointee.slot == nil, !parentHoldsOnlySlots else { throw Doubt("a named slot") }
        case .fallbackRoot:
            // A fallback root sits in the slot of the node it stands in for.
            checking = true
        case .fallback:
            checking = true
            guard fields.pointee.slot == nil, !parentHoldsOnlySlots else { throw Doubt("a named slot") }
        }
        let planIndex = plan(of: fields.pointee.type)
        guard planIndex >= 0 else { throw Doubt("an undeclared component") }
        let plan = table.plans[planIndex]
        // A dot in a type could make a derived ID repeat another (see ``FlatScreen/derivedIDsAreUnique``).
        guard !plan.typeHasDot else { throw Doubt("a type with a dot") }
        guard fields.pointee.children == nil || plan.hasChildren else { throw Doubt("children on a leaf") }
        if !checking {
            guard writer.knows(Int32(planIndex)) else { throw Doubt("a component the version lacks") }
            writer.json.beginObject()
            context.planTokens.withUnsafeBufferPointer { arena in
                writer.json.member(
                    escaped: UnsafeBufferPointer(
                        rebasing: arena[Int(table.typeKey.lowerBound)..<Int(table.typeKey.upperBound)]),
                    rawValue: UnsafeBufferPointer(rebasing: arena[Int(plan.typeStart)..<Int(plan.typeEnd)]))
            }
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
                            place: checking ? .fallback : .primary, parentHoldsOnlySlots: holdsOnlySlots)
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
        fallbackCheck = checking ? nil : (ids: [], replacedOrdinal: ordinal)
        defer { fallbackCheck = outer }
        try withUnsafePointer(to: fallback) { (root) throws(Doubt) in
            try write(
                root, anchor: childAnchor, depth: depth + 1,
                place: .fallbackRoot(replaced: nodeID, anchor: childAnchor),
                parentHoldsOnlySlots: false)
        }
    }

    /// Writes the node's ID member (checks it only, off the primary tree): `explicit`, else the ID
    /// of the node a fallback root stands in for, else one derived from its anchor and type.
    /// Returns the anchor of its children's derived IDs, and its ID.
    private mutating func writeID(
        _ explicit: String?, plan planIndex: Int, anchor: Int, place: Place
    ) throws(Doubt) -> (anchor: Int, id: FusedNodeID) {
        let idKey = table.idKey
        if let explicit {
            // Valid IDs need no escaping; one that looks derived could collide with a derived one.
            guard IDValidator.isValidNodeID(explicit), !IDAssigner.looksDerived(explicit) else {
                throw Doubt("an invalid ID or one that looks derived")
            }
            if case .primary = place {
                guard explicitIDs.updateValue(primaryCount, forKey: explicit) == nil,
                    fallbackIDs.isEmpty || !fallbackIDs.contains(explicit)
                else { throw Doubt("a repeated ID") }
                primaryCount += 1
                context.planTokens.withUnsafeBufferPointer { arena in
                    writer.json.key(
                        escaped: UnsafeBufferPointer(rebasing: arena[Int(idKey.lowerBound)..<Int(idKey.upperBound)]))
                }
                writer.json.string(explicit)
                writer.fusedNode = .explicit(anchor: writer.fusedAnchors.count)
            } else {
                try checkFallbackID(explicit)
            }
            addAnchor(explicit)
            return (writer.fusedAnchors.count - 1, .explicit(anchor: writer.fusedAnchors.count - 1))
        }
        if case .fallbackRoot(let replaced, let replacedAnchor) = place {
            if case .explicit(let anchor) = replaced {
                try checkFallbackID(writer.fusedAnchors[anchor])
                return (replacedAnchor, replaced)
            }
            // A derived ID, unique by construction, anchors the fallback's derived IDs.
            addAnchor(replaced.id(anchors: writer.fusedAnchors, types: table.typeNames))
            return (writer.fusedAnchors.count - 1, replaced)
        }
        if case .primary = place { primaryCount += 1 }
        let plan = table.plans[planIndex]
        guard plan.typeIsVerbatim else { throw Doubt("a type to escape") }
        if anchorIndices[anchor] < 0 {
            let name = writer.fusedAnchors[anchor]
            if let number = anchorNumbers[name] {
                anchorIndices[anchor] = number
            } else {
                anchorIndices[anchor] = anchorNumbers.count
                anchorNumbers[name] = anchorNumbers.count
                planCounters.append(contentsOf: repeatElement(0, count: table.plans.count))
            }
        }
        let counter = anchorIndices[anchor] * table.plans.count + planIndex
        let number = planCounters[counter] + 1
        planCounters[counter] = number
        // `"<anchor>.<type>-<number>"`: the anchor is a valid ID, a derived one or the screen's ID,
        // the type verbatim, so the token needs no escaping; the ID is at most 128 bytes.
        let anchorBytes = anchorTokens[anchor]
        let typeLength = Int(plan.typeEnd - plan.typeStart) - 2
        let digits = jsonDecimalLength(number)
        let length = anchorBytes.count + typeLength + digits + 4
        guard length <= 130 else { throw Doubt("a derived ID too long") }
        let id = FusedNodeID.derived(anchor: anchor, plan: planIndex, number: number)
        if case .primary = place {
            context.planTokens.withUnsafeBufferPointer { arena in
                anchorArena.withUnsafeBufferPointer { anchors in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { token in
                        let out = token.baseAddress!
                        out[0] = 0x22  // "
                        (out + 1).update(from: anchors.baseAddress! + anchorBytes.lowerBound, count: anchorBytes.count)
                        var position = 1 + anchorBytes.count
                        out[position] = 0x2E  // .
                        (out + position + 1).update(
                            from: arena.baseAddress! + Int(plan.typeStart) + 1, count: typeLength)
                        position += 1 + typeLength
                        out[position] = 0x2D  // -
                        writeJSONDecimal(number, length: digits, to: out + position + 1)
                        out[length - 1] = 0x22  // "
                        writer.json.member(
                            escaped: UnsafeBufferPointer(
                                rebasing: arena[Int(idKey.lowerBound)..<Int(idKey.upperBound)]),
                            rawValue: UnsafeBufferPointer(token))
                    }
                }
            }
            writer.fusedNode = id
        }
        return (anchor, id)
    }

    /// Adds an anchor of derived IDs.
    private mutating func addAnchor(_ id: String) {
        writer.fusedAnchors.append(id)
        anchorIndices.append(-1)
        let start = anchorArena.count
        anchorArena.append(contentsOf: id.utf8)
        anchorTokens.append(start..<anchorArena.count)
    }

    /// Checks the explicit ID `id` of a node of a primary node's fallback (its root's, or a node's
    /// under it through children): no primary node outside the replaced one has it, no other node
    /// of the fallback has it, and no later primary node may have it.
    private mutating func checkFallbackID(_ id: String) throws(Doubt) {
        guard var check = fallbackCheck else { return }
        if let primary = explicitIDs[id], primary < check.replacedOrdinal {
            throw Doubt("a fallback ID used elsewhere")
        }
        guard check.ids.insert(id).inserted else { throw Doubt("an ID repeated within a fallback") }
        fallbackCheck = check
        fallbackIDs.insert(id)
    }
}
