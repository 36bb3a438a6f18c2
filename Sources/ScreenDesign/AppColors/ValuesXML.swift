/// A scanner for Android values files (`res/values*/*.xml`): the `<resources>` element's direct
/// `<color>` children and `<item type="color">` children, with their text and line — comments,
/// the XML declaration, other resource types, nested elements (a `<string-array>`'s items) and
/// attributes in either quote style understood and skipped. Bounded: it never nests deeper than
/// ``AppPaletteLimits/maximumXMLDepth``.
enum ValuesXML {
    /// One colour declaration.
    struct Declaration: Equatable {
        let name: String
        let value: String
        let line: Int
    }

    /// Why a file is not a values file a build would accept.
    struct Problem: Error, Equatable {
        let line: Int
        let reason: String
    }

    /// The colour declarations of `bytes`.
    static func colors(in bytes: [UInt8]) throws(Problem) -> [Declaration] {
        var scanner = Scanner(bytes: bytes)
        return try scanner.document()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            // A UTF-8 byte order mark is allowed before the declaration.
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws(Problem) -> [Declaration] {
            var declarations: [Declaration] = []
            var stack: [String] = []
            var open: (name: String, attributes: [String: String], line: Int, textStart: Int)?
            while index < bytes.count {
                guard bytes[index] == 0x3C else {  // <
                    advance()
                    continue
                }
                if starts(with: "<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts(with: "<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts(with: "<![CDATA[") {
                    try skip(past: "]]>", what: "CDATA section")
                } else if starts(with: "<!") {
                    try skip(past: ">", what: "declaration")
                } else if starts(with: "</") {
                    let textEnd = index
                    index += 2
                    let name = readName()
                    try skip(past: ">", what: "end tag")
                    guard let last = stack.popLast(), last == name else {
                        throw Problem(line: line, reason: "</\(name.prefix(40))> closes no open element")
                    }
                    if let element = open, stack.count == 1, element.name == name {
                        let text = String(decoding: bytes[element.textStart..<textEnd], as: UTF8.self)
                        if let declaration = Self.declaration(
                            element.name, element.attributes, text, line: element.line)
                        {
                            declarations.append(declaration)
                        }
                        open = nil
                    }
                } else {
                    let tagLine = line
                    index += 1
                    let name = readName()
                    guard !name.isEmpty else { throw Problem(line: line, reason: "a tag without a name") }
                    let (attributes, selfClosing) = try readAttributes()
                    if stack.isEmpty, name != "resources" {
                        throw Problem(
                            line: tagLine, reason: "the root element is <\(name.prefix(40))>, not <resources>")
                    }
                    if selfClosing { continue }
                    stack.append(name)
                    guard stack.count <= AppPaletteLimits.maximumXMLDepth else {
                        throw Problem(
                            line: line, reason: "elements nest deeper than \(AppPaletteLimits.maximumXMLDepth)")
                    }
                    // Only a direct child of <resources> declares a resource.
                    if stack.count == 2 { open = (name, attributes, tagLine, index) }
                }
            }
            if let unclosed = stack.last {
                throw Problem(line: line, reason: "<\(unclosed.prefix(40))> is never closed")
            }
            return declarations
        }

        static func declaration(_ name: String, _ attributes: [String: String], _ text: String, line: Int)
            -> Declaration?
        {
            let isColor = name == "color" || (name == "item" && attributes["type"] == "color")
            guard isColor, let resource = attributes["name"] else { return nil }
            return Declaration(
                name: resource, value: decodeEntities(text).trimmingCharacters(in: .whitespacesAndNewlines), line: line)
        }

        static func decodeEntities(_ text: String) -> String {
            guard text.contains("&") else { return text }
            return text.replacingOccurrences(of: "&#35;", with: "#").replacingOccurrences(of: "&#x23;", with: "#")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { prefix in
                for offset in 0..<count where bytes[index + offset] != prefix[offset] { return false }
                return true
            }
        }

        mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        mutating func skip(past end: StaticString, what: String) throws(Problem) {
            let startLine = line
            while index < bytes.count {
                if starts(with: end) {
                    index += end.utf8CodeUnitCount
                    return
                }
                advance()
            }
            throw Problem(line: startLine, reason: "a \(what) is never closed")
        }

        mutating func readName() -> String {
            let start = index
            while index < bytes.count, index - start < AppPaletteLimits.maximumNameBytes {
                let byte = bytes[index]
                guard byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x3E, byte != 0x2F, byte != 0x3D
                else { break }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { advance() }
        }

        /// The attributes up to `>` or `/>`, and whether the tag closed itself.
        mutating func readAttributes() throws(Problem) -> ([String: String], Bool) {
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { throw Problem(line: line, reason: "a tag is never closed") }
                if bytes[index] == 0x3E {
                    index += 1
                    return (attributes, false)
                }
                if starts(with: "/>") {
                    index += 2
                    return (attributes, true)
                }
                let name = readName()
                guard !name.isEmpty else { throw Problem(line: line, reason: "a malformed attribute") }
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x3D else {
                    throw Problem(line: line, reason: "attribute \(name.prefix(40)) has no value")
                }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                    throw Problem(line: line, reason: "attribute \(name.prefix(40)) is not quoted")
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote { advance() }
                guard index < bytes.count else {
                    throw Problem(line: line, reason: "an attribute value is never closed")
                }
                attributes[name] = Self.decodeEntities(String(decoding: bytes[start..<index], as: UTF8.self))
                index += 1
            }
        }
    }
}
