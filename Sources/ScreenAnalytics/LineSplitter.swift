/// A file read in chunks of any size, cut into lines of at most `maximumLineBytes` bytes: the line
/// ending (LF, or CR LF) removed, blank lines (spaces and tabs only) left out, each line numbered
/// from 1 in its file.
struct LineSplitter: Sendable {
    /// The longest line.
    let maximumLineBytes: Int
    /// Whether a longer line is skipped to its end (counted in ``skippedLongLines``) rather than
    /// ending the read.
    var skipsLongLines = false
    /// The lines skipped for their length.
    private(set) var skippedLongLines = 0
    /// The number of the first line skipped for its length.
    private(set) var firstLongLine: Int?
    private var skipping = false
    private var pending: [UInt8] = []
    /// The number of the last line ended (blank ones included).
    private(set) var lineNumber = 0

    init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// The lines `chunk` ends, in order, and whether the line after them passed the bound (then
    /// it is line `lineNumber + 1`, and nothing after it was read).
    mutating func lines<C: Collection<UInt8>>(in chunk: C) -> (lines: [(number: Int, bytes: [UInt8])], tooLong: Bool) {
        var lines: [(number: Int, bytes: [UInt8])] = []
        for byte in chunk {
            if byte == 0x0A {
                if skipping {
                    skipping = false
                    lineNumber += 1
                } else if let line = end() {
                    lines.append(line)
                }
            } else if !skipping {
                // A line's bound is on its text: the CR of a CR LF ending may be its byte past it.
                if pending.count > maximumLineBytes || (pending.count == maximumLineBytes && byte != 0x0D) {
                    guard skipsLongLines else { return (lines, true) }
                    skipping = true
                    skippedLongLines += 1
                    if firstLongLine == nil { firstLongLine = lineNumber + 1 }
                    pending.removeAll(keepingCapacity: true)
                    continue
                }
                pending.append(byte)
            }
        }
        return (lines, false)
    }

    /// The file's last line if it has no line ending; readies the splitter for another file.
    mutating func finish() -> (number: Int, bytes: [UInt8])? {
        let last = pending.isEmpty || skipping ? nil : end()
        skipping = false
        lineNumber = 0
        return last
    }

    /// Ends the pending line: nil when it is blank.
    private mutating func end() -> (number: Int, bytes: [UInt8])? {
        lineNumber += 1
        defer { pending.removeAll(keepingCapacity: true) }
        if pending.last == 0x0D { pending.removeLast() }
        if pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        return (lineNumber, pending)
    }

    /// The JSON object of `line`: the line itself, or when a log service put fields before it
    /// separated by tabs (CloudWatch Logs writes a Lambda's `console.log` line as
    /// `time<TAB>request ID<TAB>INFO<TAB>{…}`), what follows the tab before its first `{`.
    static func object(in line: [UInt8]) -> ArraySlice<UInt8> {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), line[first] != UInt8(ascii: "{")
        else { return line[...] }
        guard let brace = line.firstIndex(of: UInt8(ascii: "{")), brace > 0, line[brace - 1] == 0x09 else {
            return line[...]
        }
        return line[brace...]
    }
}
