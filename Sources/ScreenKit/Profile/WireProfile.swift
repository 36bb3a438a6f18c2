/// A declarative description of the JSON shape a client decodes: which envelope keys it reads,
/// where a node's props go, how values are wrapped, what each component's children list is called,
/// where named slots go, whether nodes carry IDs and where fallbacks go.
///
/// A catalog chooses one (``Catalog/profile``); ``flat`` is the default and is written by the
/// hand-optimised envelope writer. Any other profile is written from the same validated,
/// downleveled variants, so its clients get exactly the same fallbacks, dropped props and mapped
/// enum values, in their own shape. Describing a new shape needs no change to the compiler.
///
/// Every frozen contract version records the profile its clients decode, so a profile is part of
/// the contract: equality compares the shape (name included), never ``source``.
public struct WireProfile: Sendable, Hashable {
    /// A short name, for messages.
    public var name: String
    /// The envelope's keys and where the root goes.
    public var envelope: Envelope
    /// How each node is written.
    public var nodes: Nodes
    /// How prop values are written.
    public var values: Values
    /// Where the profile was declared: the line the gate names when a change to it would reshape
    /// the bytes of a frozen version. Not part of the shape.
    public var source: SourceLocation?

    /// Creates a profile.
    public init(
        name: String, envelope: Envelope = Envelope(), nodes: Nodes = Nodes(), values: Values = Values(),
        file: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.name = name
        self.envelope = envelope
        self.nodes = nodes
        self.values = values
        self.source = SourceLocation(file: file, line: line, column: column)
    }

    /// Whether two profiles describe the same shape under the same name (where they were declared
    /// does not count).
    public static func == (lhs: WireProfile, rhs: WireProfile) -> Bool {
        lhs.name == rhs.name && lhs.envelope == rhs.envelope && lhs.nodes == rhs.nodes && lhs.values == rhs.values
    }

    /// Hashes the shape and the name, not ``source``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(envelope)
        hasher.combine(nodes)
        hasher.combine(values)
    }

    /// Whether this is ScreenKit's flat format (whatever its source).
    public var isFlat: Bool { self == .flat }

    /// ScreenKit's own flat format (the default): `{"format", "id", "contract", "minContract",
    /// "title"?, "initialState", "root"}`, props inline, `children`, `id` on every node, inline
    /// fallbacks in the full envelope.
    public static let flat: WireProfile = {
        var flat = WireProfile(name: "flat")
        flat.source = nil
        return flat
    }()

    /// The envelope: members of its own first, then the key of each field (nil leaves the field
    /// out), then the path to the root.
    public struct Envelope: Sendable, Hashable {
        /// Members written first, in this order: constants (`"type": "composition"`) and values
        /// each screen declares (`"matchedRoute"` from ``Screen/envelopeValues``).
        public var members: [EnvelopeMember]
        /// The envelope format number's key.
        public var format: String?
        /// The screen ID's key.
        public var screenID: String?
        /// The key of the contract version the payload is written for.
        public var contract: String?
        /// The key of the oldest contract version the screen supports.
        public var minContract: String?
        /// The title's key (written only when the screen has a title).
        public var title: String?
        /// The initial state's key.
        public var initialState: String?
        /// The object keys leading to the root, outermost first: `["root"]`, or
        /// `["composition", "slots", "mainContent"]` for a root nested in objects.
        public var rootPath: [String]
        /// Whether the root node's children are written there as a list, without the root node
        /// itself (for clients whose document holds a list: `"widgets": [...]`).
        public var rootChildrenOnly: Bool
        /// For clients that read every device's layout in one document: the list of layouts is
        /// written at `rootPath`, one entry per device layout (``Screen/layouts``). nil writes each
        /// device layout as a screen of its own (`<id>.<device>`), as the flat format does.
        public var layouts: Layouts?

        /// An envelope shape; the defaults are the flat format's.
        public init(
            members: [EnvelopeMember] = [],
            format: String? = "format", screenID: String? = "id", contract: String? = "contract",
            minContract: String? = "minContract", title: String? = "title", initialState: String? = "initialState",
            rootPath: [String] = ["root"], rootChildrenOnly: Bool = false, layouts: Layouts? = nil
        ) {
            self.members = members
            self.format = format
            self.screenID = screenID
            self.contract = contract
            self.minContract = minContract
            self.title = title
            self.initialState = initialState
            self.rootPath = rootPath
            self.rootChildrenOnly = rootChildrenOnly
            self.layouts = layouts
        }
    }

    /// One entry of a document's list of device layouts: `{"key": "ipad", "screen": {…}}`.
    public struct Layouts: Sendable, Hashable {
        /// The key of the device class.
        public var deviceKey: String
        /// The key of the layout's root (or, with `rootChildrenOnly`, of its children).
        public var rootKey: String

        /// An entry shape.
        public init(deviceKey: String = "key", rootKey: String = "screen") {
            self.deviceKey = deviceKey
            self.rootKey = rootKey
        }
    }

    /// Where a node's named slots (``ComponentSchema/slots``) are written.
    public enum SlotPlacement: Sendable, Hashable {
        /// In the one children list, each child marking its slot under this key (the flat format:
        /// `"slot": "slides"`).
        case tagged(String)
        /// Each slot a member of the node, under the slot's name: `"slides": [...]`.
        case members
        /// In an object under this key, one member per slot: `"slots": {"slides": [...]}`.
        case under(String)
    }

    /// Where a node's props are written.
    public enum PropPlacement: Sendable, Hashable {
        /// Beside `type` and `id`, as members of the node.
        case inline
        /// In an object under this key (`"data": {...}`, `"props": {...}`), always present.
        case under(String)
    }

    /// How nodes are written.
    public struct Nodes: Sendable, Hashable {
        /// The key of the component's wire type.
        public var typeKey: String
        /// The key of the node's ID, or nil when nodes carry none.
        public var idKey: String?
        /// Where props go, unless `propsByType` says otherwise for a component.
        public var props: PropPlacement
        /// Where props go, per component wire type.
        public var propsByType: [String: PropPlacement]
        /// The children list's key, unless `childrenKeyByType` says otherwise for a component.
        public var childrenKey: String
        /// The children list's key, per component wire type (`"components"`, `"widgets"`, …).
        public var childrenKeyByType: [String: String]
        /// Where named slots go; every slot a component declares is written, empty or not, in
        /// declaration order (unless they are tagged).
        public var slots: SlotPlacement
        /// Where the full envelope writes a node's fallback (a node, or `"drop"`); nil when
        /// fallbacks are only resolved into the variants, so the full envelope carries none.
        public var fallbackKey: String?

        /// A node shape; the defaults are the flat format's.
        public init(
            typeKey: String = "type", idKey: String? = "id", props: PropPlacement = .inline,
            propsByType: [String: PropPlacement] = [:], childrenKey: String = "children",
            childrenKeyByType: [String: String] = [:], slots: SlotPlacement = .tagged("slot"),
            fallbackKey: String? = "fallback"
        ) {
            self.typeKey = typeKey
            self.idKey = idKey
            self.props = props
            self.propsByType = propsByType
            self.childrenKey = childrenKey
            self.childrenKeyByType = childrenKeyByType
            self.slots = slots
            self.fallbackKey = fallbackKey
        }

        /// Where `type`'s props go.
        public func placement(of type: String) -> PropPlacement { propsByType[type] ?? props }

        /// `type`'s children key.
        public func childrenKey(of type: String) -> String { childrenKeyByType[type] ?? childrenKey }
    }

    /// How prop values are written.
    public struct Values: Sendable, Hashable {
        /// nil: values are written plainly; otherwise each prop value is wrapped.
        public var wrapping: Wrapping?

        /// Plain values, or wrapped ones.
        public init(wrapping: Wrapping? = nil) {
            self.wrapping = wrapping
        }
    }

    /// Prop values wrapped with a discriminator: `{"type": "text", "value": "Shop now"}`.
    public struct Wrapping: Sendable, Hashable {
        /// The discriminator's key.
        public var typeKey: String
        /// The wrapped value's key.
        public var valueKey: String
        /// The discriminator of each prop type, by the type's contract name (`string`, `url`,
        /// `enum TextStyle`, `[string]`) or, failing that, its kind (`enum`, `list`, `map`,
        /// `action`).
        public var discriminators: [String: String]
        /// The prop types (named as for `discriminators`) whose wrapped value is an object around
        /// the value, as a link's `{"path": "…", "type": "url"}`.
        public var objects: [String: ValueObject]

        /// A wrapping.
        public init(
            typeKey: String = "type", valueKey: String = "value", discriminators: [String: String],
            objects: [String: ValueObject] = [:]
        ) {
            self.typeKey = typeKey
            self.valueKey = valueKey
            self.discriminators = discriminators
            self.objects = objects
        }

        /// The object a prop of `type` is wrapped in, if the profile names one.
        public func object(for type: PropType) -> ValueObject? {
            objects[type.name] ?? objects[type.kindName]
        }

        /// The discriminator for a prop of `type`, if the profile names one.
        public func discriminator(for type: PropType) -> String? {
            discriminators[type.name] ?? discriminators[type.kindName]
        }
    }
}

/// A member of a profile's envelope besides the standard fields: a constant, or a value each screen
/// declares (``Screen/envelopeValues``).
public struct EnvelopeMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// What the member holds.
    public var value: Value

    /// What an envelope member holds.
    public enum Value: Sendable, Hashable {
        /// The same string in every envelope (`"type": "composition"`).
        case constant(String)
        /// The screen's value of this name (``Screen/envelopeValue(_:_:)``); every screen must
        /// declare it.
        case screenValue(String)
    }

    /// A member.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }

    /// A member holding the same string in every envelope: `.constant("type", "composition")`.
    public static func constant(_ key: String, _ value: String) -> EnvelopeMember {
        EnvelopeMember(key: key, value: .constant(value))
    }

    /// A member holding each screen's value of `name`: `.screenValue("matchedRoute", from: "route")`.
    public static func screenValue(_ key: String, from name: String) -> EnvelopeMember {
        EnvelopeMember(key: key, value: .screenValue(name))
    }
}

/// A wrapped value written as an object: the value under `valueKey`, then fixed members.
public struct ValueObject: Sendable, Hashable {
    /// The key of the value itself (`path`).
    public var valueKey: String
    /// Members written after it with fixed string values, in key order (`"type": "url"`).
    public var constants: [String: String]

    /// An object around a value.
    public init(valueKey: String, constants: [String: String] = [:]) {
        self.valueKey = valueKey
        self.constants = constants
    }
}

extension PropType {
    /// The kind of the type: its name for scalars, `enum`, `list` or `map` otherwise.
    public var kindName: String {
        switch self {
        case .enumeration: "enum"
        case .list: "list"
        case .map: "map"
        default: name
        }
    }
}
