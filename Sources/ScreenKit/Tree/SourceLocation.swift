/// Where a node, screen or declaration was written in Swift source.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The source file's path, as `#filePath` gave it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }
}
