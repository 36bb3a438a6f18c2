import Foundation
import ScreenJSON
import ScreenTestSupport
import Testing

/// The reader keeps member order and number text, so what the writer wrote reads back and writes
/// again byte for byte; malformed documents are clear errors with the byte offset.
@Suite struct JSONReaderTests {
    @Test func everyExampleEnvelopeAndVariantReadsBackToTheSameBytes() throws {
        for (compiled, style) in [(ExampleApp.compact, JSONStyle.compact), (ExampleApp.pretty, .pretty)] {
            for screen in compiled.screens {
                for bytes in [screen.full] + screen.variants.map(\.envelope) {
                    var writer = JSONWriter(style: style)
                    writer.value(try JSONReader.read(bytes))
                    if style == .pretty { writer.newline() }  // pretty envelopes end with a line break
                    let same = writer.takeBytes() == bytes
                    #expect(same, "\(screen.id) does not read back to the same bytes")
                }
            }
        }
    }

    /// RFC 8259 text is UTF-8: a string holding bytes that are not (a stray byte, an overlong
    /// form, an encoded surrogate, a code point past U+10FFFF, a cut-off sequence) is refused in
    /// both of the reader's string paths, never repaired into U+FFFD; valid UTF-8 reads as it is.
    @Test(
        arguments: [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func aStringThatIsNotUTF8IsRefused(bad: [UInt8]) throws {
        for (prefix, suffix) in [("{\"s\":\"a", "b\"}"), ("{\"s\":\"\\n", "\"}")] {
            let bytes = Array(prefix.utf8) + bad + Array(suffix.utf8)
            #expect(throws: JSONReadError.self, "\(prefix) \(bad)") { try JSONReader.read(bytes) }
        }
        #expect(try JSONReader.read(Array(#"["ü€😀", "\nü"]"#.utf8)) == .array([.string("ü€😀"), .string("\nü")]))
    }

    @Test func stringsNumbersAndOrderAreKept() throws {
        let text = #"{"b":1,"a":[true,false,null,-0.25,1e+21],"s":"q\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\u2028"}"#
        let value = try JSONReader.read(Array(text.utf8))
        #expect(value.members?.map(\.key) == ["b", "a", "s"])
        #expect(value["a"] == .array([.bool(true), .bool(false), .null, .number("-0.25"), .number("1e+21")]))
        #expect(value["s"]?.stringValue == "q\"\\/\u{08}\u{0C}\n\r\té😀\u{2028}")
        #expect(value["missing"] == nil)
    }

    @Test(
        arguments: [(String, String)]([
            ("", "expected a value, found the end"), ("{", "expected a key string"), (#"{"a" 1}"#, "expected ':'"),
            ("[1,]", "expected a value"), ("[1 2]", "expected ']'"), ("01", "a number has a leading zero"),
            ("1.", "expected digits after '.'"), ("1e", "expected digits in the exponent"), ("tru", "unknown literal"),
            (#""abc"#, "a string is not closed"), ("\"a\u{01}\"", "a control character in a string must be escaped"),
            (#""\x""#, "an unknown escape"), (#""\u12""#, #"a \u escape needs four hex digits"#),
            (#""\ud83d""#, "a high surrogate without its low surrogate"), (#""\udc00""#, "a lone surrogate escape"),
            ("{} {}", "unexpected bytes after the document"),
        ]))
    func aMalformedDocumentIsAClearError(_ text: String, _ reason: String) {
        #expect {
            _ = try JSONReader.read(Array(text.utf8))
        } throws: { error in
            (error as? JSONReadError)?.reason == reason
        }
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWithoutRecursingFurther() throws {
        let limit = JSONReader.maximumDepth
        let fits = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try JSONReader.read(Array(fits.utf8))
        let deep = String(repeating: "[", count: 1_000_000)
        #expect {
            _ = try JSONReader.read(Array(deep.utf8))
        } throws: { error in
            let error = error as? JSONReadError
            return error?.offset == limit && error?.reason == "nested deeper than \(limit) levels"
        }
    }
}

/// The linear depth scan that runs before any recursive decoder.
@Suite struct JSONDepthTests {
    @Test func theFirstByteBeyondTheLimitIsFound() {
        #expect(JSONDepth.firstOffset(exceeding: 2, in: Array("[[1]]".utf8)) == nil)
        #expect(JSONDepth.firstOffset(exceeding: 2, in: Array("[{\"a\":[1]}]".utf8)) == 6)
        #expect(JSONDepth.firstOffset(exceeding: 0, in: Array("1".utf8)) == nil)
        #expect(JSONDepth.firstOffset(exceeding: 32, in: [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)) == 32)
    }

    @Test func bracketsInStringsAndEscapedQuotesDoNotCount() {
        #expect(JSONDepth.firstOffset(exceeding: 1, in: Array(#"["[[[{{{", "\"[[["]"#.utf8)) == nil)
        #expect(JSONDepth.firstOffset(exceeding: 1, in: Array(#"["\\", [1]]"#.utf8)) == 7)
        // An unterminated string or a trailing backslash ends the scan without reading past the end.
        #expect(JSONDepth.firstOffset(exceeding: 1, in: Array(#"["abc\"#.utf8)) == nil)
    }
}

/// Reading a JSON file under a size limit: the size is known before anything is read.
@Suite struct JSONFileTests {
    @Test func eachOutcome() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-jsonfile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Data("[1]".utf8).write(to: file)
        #expect(JSONFile.read(atPath: file.path, maximumBytes: 3) == .bytes(Array("[1]".utf8)))
        #expect(JSONFile.read(atPath: file.path, maximumBytes: 2) == .tooLarge(size: 3))
        #expect(JSONFile.read(atPath: folder.appendingPathComponent("none.json").path, maximumBytes: 9) == .missing)
        #expect(JSONFile.read(atPath: folder.path, maximumBytes: 1 << 20) == .unreadable)
        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(JSONFile.read(atPath: empty.path, maximumBytes: 9) == .bytes([]))
        // A symbolic link is measured by what it names.
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(JSONFile.read(atPath: link.path, maximumBytes: 2) == .tooLarge(size: 3))
    }
}
