import ScreenJSON

/// One entry of a bucket's release history: what the pointer was made to name by one move
/// (`publish`, `publish --canary`, `rollout promote`, `rollout rollback`), when, and the entry
/// before it. Stored create-only at ``BucketLayout/releaseEntry(_:)`` before the pointer moves, so
/// the chain the pointer's ``Pointer/history`` starts is the bucket's releases, newest first.
///
/// `{"format":1,"time":RFC 3339,"move":"publish"|"canary"|"promote"|"rollback","pointer":{…},"previous"?:"<sha256>"}`:
/// `pointer` is the pointer's content as the move wrote it, without its `history`.
public struct ReleaseEntry: Sendable, Hashable {
    /// What a move did.
    public enum Move: String, Sendable, Hashable, CaseIterable {
        /// `publish`: a new stable release for everyone.
        case publish
        /// `publish --canary`: a new release for a share of units beside the stable one.
        case canary
        /// `rollout promote`: the canary became the stable release.
        case promote
        /// `rollout rollback`: the canary was withdrawn, or an earlier release made stable again.
        case rollback
    }

    /// When the move was made (RFC 3339, UTC).
    public let time: String
    /// The move.
    public let move: Move
    /// What the pointer named after it (without history).
    public let pointer: Pointer
    /// The entry before, if any.
    public let previous: String?

    /// The largest entry read back: a pointer and a few dozen bytes more.
    public static let maximumBytes = Pointer.maximumBytes + 512

    /// An entry.
    public init(time: String, move: Move, pointer: Pointer, previous: String?) {
        self.time = time
        self.move = move
        self.pointer = pointer.serving
        self.previous = previous
    }

    /// The canonical bytes.
    public func encoded() -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 256)
        json.object { json in
            json.member("format", 1)
            json.member("time", time)
            json.member("move", move.rawValue)
            json.key("pointer")
            pointer.encoded().withUnsafeBufferPointer { json.rawValue($0) }
            json.member("previous", ifPresent: previous)
        }
        return json.takeBytes()
    }

    /// Reads an entry; nil when the bytes are not one (or name anything that could not be a key).
    public static func decode(_ bytes: [UInt8]) -> ReleaseEntry? {
        guard bytes.count <= maximumBytes, let file = try? JSONObjectReader.document(bytes, maximumDepth: 16),
            (try? file.int("format")) == 1, let time = try? file.string("time"), RFC3339.nanoseconds(time) != nil,
            let move = (try? file.string("move")).flatMap(Move.init(rawValue:)),
            let named = file.value("pointer"), case .object = named,
            let pointer = Pointer.decode(Self.compact(named)), pointer.history == nil
        else { return nil }
        var previous: String?
        if file.optional("previous") != nil {
            guard let hash = try? file.string("previous"), BucketLayout.isHash(hash) else { return nil }
            previous = hash
        }
        return ReleaseEntry(time: time, move: move, pointer: pointer, previous: previous)
    }

    /// `value` written compactly.
    static func compact(_ value: JSONValue) -> [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 1024)
        json.value(value)
        return json.takeBytes()
    }
}
