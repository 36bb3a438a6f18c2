/// The contract version a client advertises, and how a request's header is read.
///
/// Clients send the contract version they were built for in the `ScreenKit-Contract` request
/// header (`ScreenKit-Contract: 2`). A missing header is the documented default: the client gets
/// the oldest version the screen supports, which is what a simple client that sends no header was
/// built for. A malformed one (not a whole number from 1 to 9999) gets the same default, and says
/// so, so that a server can log it; it is never an error and never a crash.
public struct ClientContract: Sendable, Hashable, CustomStringConvertible {
    /// The request header clients advertise their contract version in.
    public static let headerName = "ScreenKit-Contract"

    /// What the request said.
    public enum Advertised: Sendable, Hashable {
        /// A well-formed version number.
        case version(Int)
        /// No header.
        case missing
        /// A header that is not a version number; the raw value (at most 64 characters kept).
        case malformed(String)
    }

    /// What the request said.
    public let advertised: Advertised

    /// A client that advertises `version`.
    public static func version(_ version: Int) -> ClientContract { ClientContract(advertised: .version(version)) }

    /// A client that sent no header.
    public static let unspecified = ClientContract(advertised: .missing)

    /// Reads the header's value (nil when the request has none). Surrounding spaces and tabs are
    /// ignored; anything but 1 to 4 ASCII digits with a value from 1 is malformed.
    public static func parse(_ header: String?) -> ClientContract {
        guard let header else { return unspecified }
        let trimmed = header.utf8.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
            .reversed()
        guard !trimmed.isEmpty, trimmed.count <= 4, trimmed.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return ClientContract(advertised: .malformed(String(header.prefix(64))))
        }
        let value = trimmed.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard value >= 1 else { return ClientContract(advertised: .malformed(String(header.prefix(64)))) }
        return version(value)
    }

    /// The version to serve a screen supporting `minContract…current` to this client, or nil when
    /// the client is older than `minContract`. Newer clients get the current version; a missing or
    /// malformed header gets `minContract`.
    public func served(minContract: Int, current: Int) -> Int? {
        switch advertised {
        case .version(let version):
            if version < minContract { return nil }
            return min(version, current)
        case .missing, .malformed:
            return minContract
        }
    }

    /// `contract 2`, `no contract header` or `malformed contract header "x"`.
    public var description: String {
        switch advertised {
        case .version(let version): "contract \(version)"
        case .missing: "no \(Self.headerName) header"
        case .malformed(let raw): "malformed \(Self.headerName) header \"\(raw)\""
        }
    }
}
