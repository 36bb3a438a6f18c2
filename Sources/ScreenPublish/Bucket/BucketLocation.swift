import Foundation

/// A parsed bucket URL: `file:///path` or `s3://bucket/prefix`.
public enum BucketLocation: Sendable, Hashable {
    /// A local folder.
    case directory(path: String)
    /// An S3-compatible bucket and a key prefix (no leading or trailing slash; may be empty).
    case s3(bucket: String, prefix: String)

    /// Why a bucket URL was refused.
    public struct ParseError: Error, CustomStringConvertible {
        /// What is wrong with it.
        public let description: String
    }

    /// Parses `file:///absolute/path` or `s3://bucket[/prefix]`.
    public static func parse(_ text: String) throws(ParseError) -> BucketLocation {
        if text.hasPrefix("file://") {
            let path = String(text.dropFirst("file://".count))
            guard path.hasPrefix("/"), path.count > 1 else {
                throw ParseError(description: "\(text): a directory bucket is file:///absolute/path")
            }
            let decoded = path.removingPercentEncoding ?? path
            return .directory(path: decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded)
        }
        if text.hasPrefix("s3://") {
            let rest = String(text.dropFirst("s3://".count))
            let parts = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let bucket = String(parts.first ?? "")
            guard isValidBucketName(bucket) else {
                throw ParseError(
                    description: "\(text): \"\(bucket)\" is not a bucket name (3-63 of a-z, 0-9, '.', '-')")
            }
            var prefix = parts.count > 1 ? String(parts[1]) : ""
            while prefix.hasSuffix("/") { prefix.removeLast() }
            guard !prefix.hasPrefix("/"), !prefix.contains("//") else {
                throw ParseError(description: "\(text): the key prefix has empty path segments")
            }
            return .s3(bucket: bucket, prefix: prefix)
        }
        throw ParseError(description: "\(text): use file:///absolute/path or s3://bucket/prefix")
    }

    private static func isValidBucketName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last else { return false }
        func alphanumeric(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        return alphanumeric(first) && alphanumeric(last)
            && bytes.allSatisfy { alphanumeric($0) || $0 == 0x2E || $0 == 0x2D }
    }
}
