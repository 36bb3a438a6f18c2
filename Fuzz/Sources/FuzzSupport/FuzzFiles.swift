import Foundation

/// How one fuzz input holds several files: pieces between separator lines (a `#` alone on a line,
/// which no JSON file contains), at most ``maximumFiles`` of them.
public enum FuzzFiles {
    /// The bytes between two files: a newline, `#`, a newline.
    public static let separator: [UInt8] = Array("\n#\n".utf8)
    /// The most files one input is cut into; the last piece holds the rest, separators included.
    public static let maximumFiles = 8
    /// The longest file name taken from a piece's first line, in bytes.
    public static let maximumNameBytes = 64

    /// `bytes` cut at each separator into at most ``maximumFiles`` pieces; an empty input is one
    /// empty piece.
    public static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, pieces.count < maximumFiles - 1 {
            if bytes[index] == separator[0], bytes[index..<(index + separator.count)].elementsEqual(separator) {
                pieces.append(Array(bytes[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(Array(bytes[start...]))
        return pieces
    }

    /// One file of a folder: a piece's first line names it, the rest is its content.
    public struct Entry: Sendable, Equatable {
        /// A name that stays inside the folder: only ASCII letters, digits, `.`, `_` and `-`,
        /// never `.` or `..`, at most ``maximumNameBytes`` bytes.
        public let name: String
        /// Whether the entry is a folder rather than a file (its name line ended in `/`).
        public let isFolder: Bool
        /// The file's content (empty for a folder).
        public let bytes: [UInt8]
    }

    /// The entry a piece describes; `index` names it when its first line gives no usable name.
    public static func entry(_ piece: [UInt8], index: Int) -> Entry {
        let newline = piece.firstIndex(of: UInt8(ascii: "\n"))
        var line = piece[..<(newline ?? piece.endIndex)]
        let content = newline.map { Array(piece[($0 + 1)...]) } ?? []
        let isFolder = line.last == UInt8(ascii: "/")
        if isFolder { line = line.dropLast() }
        let allowed = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8))
        let kept = line.prefix(maximumNameBytes).map { allowed.contains($0) ? $0 : UInt8(ascii: "_") }
        var name = String(decoding: kept, as: UTF8.self)
        if name.isEmpty || name == "." || name == ".." { name = "file\(index)" }
        return Entry(name: name, isFolder: isFolder, bytes: isFolder ? [] : content)
    }

    /// The bytes of libFuzzer's input.
    public static func bytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}
