import Foundation

/// One page of an S3 `ListObjectsV2` answer (`GET /?list-type=2&prefix=…`), as AWS, R2, MinIO and
/// GCS's interoperability API write it: the keys with their `LastModified`, and the token of the
/// next page while `IsTruncated` is true.
///
/// Read with a scanner, not a general XML parser: only `Contents` elements' `Key` and
/// `LastModified`, `IsTruncated` and `NextContinuationToken` are read, anything else (the
/// namespace, `Owner`, `ETag`, `ChecksumAlgorithm`, `CommonPrefixes`, whitespace between
/// elements) is skipped, and the five predefined entities and numeric references are decoded.
/// A page is at most ``maximumBytes`` and at most ``maximumKeys`` keys; anything else is refused.
public struct S3ListPage: Sendable, Hashable {
    /// The largest page read: 1,000 keys of 1,024 bytes with their members fit many times over.
    public static let maximumBytes = 8 << 20
    /// The most keys a page holds (S3's `max-keys` is at most 1,000).
    public static let maximumKeys = 1_000

    /// The keys on this page, with the bucket's prefix, in the order listed.
    public let objects: [ListedObject]
    /// The token to ask for the next page with; nil on the last page.
    public let next: String?

    /// Creates a page.
    public init(objects: [ListedObject], next: String?) {
        self.objects = objects
        self.next = next
    }

    /// A page that is not a `ListBucketResult` this reader takes.
    public struct Malformed: Error, CustomStringConvertible, Equatable {
        /// What is wrong with it.
        public let description: String
    }

    /// Reads a page from the bytes of an answer.
    public static func decode(_ bytes: [UInt8]) throws(Malformed) -> S3ListPage {
        guard bytes.count <= maximumBytes else {
            throw Malformed(description: "a listing page over \(maximumBytes) bytes")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.range(of: "<ListBucketResult") != nil else {
            throw Malformed(description: "not a ListBucketResult")
        }
        var objects: [ListedObject] = []
        var rest = text[...]
        while let open = rest.range(of: "<Contents>") {
            guard let close = rest.range(of: "</Contents>", range: open.upperBound..<rest.endIndex) else {
                throw Malformed(description: "a Contents element is not closed")
            }
            let contents = rest[open.upperBound..<close.lowerBound]
            guard objects.count < maximumKeys else { throw Malformed(description: "more than \(maximumKeys) keys") }
            guard let key = try element("Key", in: contents), !key.isEmpty, key.utf8.count <= 1_024 else {
                throw Malformed(description: "a Contents element without a Key of 1 to 1,024 bytes")
            }
            guard let stamp = try element("LastModified", in: contents), let modified = date(stamp) else {
                throw Malformed(description: "\(key): no LastModified time")
            }
            objects.append(ListedObject(key: key, modified: modified))
            rest = rest[close.upperBound...]
        }
        let truncated = try element("IsTruncated", in: text[...])
        switch truncated {
        case "true":
            guard let token = try element("NextContinuationToken", in: text[...]), !token.isEmpty,
                token.utf8.count <= 4_096
            else { throw Malformed(description: "IsTruncated without a NextContinuationToken") }
            return S3ListPage(objects: objects, next: token)
        case "false", nil:
            return S3ListPage(objects: objects, next: nil)
        case let other?:
            throw Malformed(description: "IsTruncated is '\(other.prefix(20))'")
        }
    }

    /// The decoded text of the first `<name>…</name>` in `text`; nil when there is none.
    static func element(_ name: String, in text: Substring) throws(Malformed) -> String? {
        guard let open = text.range(of: "<\(name)>") else { return nil }
        guard let close = text.range(of: "</\(name)>", range: open.upperBound..<text.endIndex) else {
            throw Malformed(description: "a \(name) element is not closed")
        }
        return try unescaped(text[open.upperBound..<close.lowerBound])
    }

    /// `text` with XML's predefined entities and numeric character references decoded.
    static func unescaped(_ text: Substring) throws(Malformed) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                throw Malformed(description: "an unterminated character reference")
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    number = UInt32(name.dropFirst(2), radix: 16)
                } else if name.hasPrefix("#") {
                    number = UInt32(name.dropFirst(), radix: 10)
                } else {
                    number = nil
                }
                guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
                    throw Malformed(description: "an unknown character reference '&\(name.prefix(10));'")
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// An ISO 8601 time in UTC, with or without fractional seconds (`2026-12-05T22:30:05.000Z`).
    static func date(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
