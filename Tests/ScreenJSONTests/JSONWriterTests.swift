import ScreenJSON
import Testing

/// The writer's output as text (all test output is valid UTF-8).
private func text(_ writer: JSONWriter) -> String {
    String(decoding: writer.bytes, as: UTF8.self)
}

/// Writes `{"a":1,"b":[true,false,null],"c":{}}`.
private func writeSample(_ writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("a")
    writer.integer(1)
    writer.key("b")
    writer.beginArray()
    writer.bool(true)
    writer.bool(false)
    writer.null()
    writer.endArray()
    writer.key("c")
    writer.beginObject()
    writer.endObject()
    writer.endObject()
}

/// Writes a nested document exercising every token kind.
private func writeRich(_ writer: inout JSONWriter) throws {
    writer.beginObject()
    writer.key("id")
    writer.string("home")
    writer.key("version")
    writer.integer(3)
    writer.key("ratio")
    try writer.number(0.5)
    writer.key("items")
    writer.beginArray()
    for index in 0..<2 {
        writer.beginObject()
        writer.key("type")
        writer.string("text")
        writer.key("index")
        writer.integer(index)
        writer.key("children")
        writer.beginArray()
        writer.endArray()
        writer.endObject()
    }
    writer.endArray()
    writer.key("matrix")
    writer.beginArray()
    writer.beginArray()
    writer.integer(1)
    writer.integer(-2)
    writer.endArray()
    writer.beginArray()
    writer.endArray()
    writer.endArray()
    writer.key("meta")
    writer.beginObject()
    writer.key("note")
    writer.string("line1\nline2 \"q\"")
    writer.key("empty")
    writer.null()
    writer.endObject()
    writer.endObject()
}

@Suite("JSON writer")
struct JSONWriterTests {
    @Test func compactSample() {
        var writer = JSONWriter()
        writeSample(&writer)
        #expect(text(writer) == #"{"a":1,"b":[true,false,null],"c":{}}"#)
    }

    @Test func prettySample() {
        var writer = JSONWriter(style: .pretty)
        writeSample(&writer)
        #expect(
            text(writer) == """
                {
                  "a": 1,
                  "b": [
                    true,
                    false,
                    null
                  ],
                  "c": {}
                }
                """)
    }

    @Test func compactNested() throws {
        var writer = JSONWriter(style: .compact)
        try writeRich(&writer)
        #expect(
            text(writer)
                == #"{"id":"home","version":3,"ratio":0.5,"items":[{"type":"text","index":0,"children":[]},{"type":"text","index":1,"children":[]}],"matrix":[[1,-2],[]],"meta":{"note":"line1\nline2 \"q\"","empty":null}}"#
        )
    }

    @Test func prettyNested() throws {
        var writer = JSONWriter(style: .pretty)
        try writeRich(&writer)
        writer.newline()
        #expect(
            text(writer) == #"""
                {
                  "id": "home",
                  "version": 3,
                  "ratio": 0.5,
                  "items": [
                    {
                      "type": "text",
                      "index": 0,
                      "children": []
                    },
                    {
                      "type": "text",
                      "index": 1,
                      "children": []
                    }
                  ],
                  "matrix": [
                    [
                      1,
                      -2
                    ],
                    []
                  ],
                  "meta": {
                    "note": "line1\nline2 \"q\"",
                    "empty": null
                  }
                }

                """#)
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func emptyContainers(style: JSONStyle) {
        var writer = JSONWriter(style: style)
        writer.beginObject()
        writer.endObject()
        #expect(writer.bytes == Array("{}".utf8))

        writer = JSONWriter(style: style)
        writer.beginArray()
        writer.endArray()
        #expect(writer.bytes == Array("[]".utf8))
    }

    @Test func arrayOfObjectsCompactAndPretty() {
        func write(_ writer: inout JSONWriter) {
            writer.beginArray()
            writer.beginObject()
            writer.key("k")
            writer.string("v")
            writer.endObject()
            writer.beginObject()
            writer.endObject()
            writer.beginObject()
            writer.key("n")
            writer.beginArray()
            writer.beginObject()
            writer.endObject()
            writer.endArray()
            writer.endObject()
            writer.endArray()
        }
        var compact = JSONWriter()
        write(&compact)
        #expect(text(compact) == #"[{"k":"v"},{},{"n":[{}]}]"#)

        var pretty = JSONWriter(style: .pretty)
        write(&pretty)
        #expect(
            text(pretty) == """
                [
                  {
                    "k": "v"
                  },
                  {},
                  {
                    "n": [
                      {}
                    ]
                  }
                ]
                """)
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func topLevelScalars(style: JSONStyle) throws {
        var writer = JSONWriter(style: style)
        writer.string("s")
        #expect(writer.takeBytes() == Array(#""s""#.utf8))
        writer.integer(-12)
        #expect(writer.takeBytes() == Array("-12".utf8))
        try writer.number(2.5)
        #expect(writer.takeBytes() == Array("2.5".utf8))
        writer.bool(true)
        #expect(writer.takeBytes() == Array("true".utf8))
        writer.bool(false)
        #expect(writer.takeBytes() == Array("false".utf8))
        writer.null()
        #expect(writer.takeBytes() == Array("null".utf8))
    }

    @Test func keysAreEscaped() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a\"b\n\u{2028}é")
        writer.integer(1)
        writer.endObject()
        #expect(writer.bytes == Array(#"{"a\"b\n\u2028"#.utf8) + [0xC3, 0xA9] + Array(#"":1}"#.utf8))
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func stringsAndKeysUseTheSharedEscaper(style: JSONStyle) {
        let samples = [
            "", "a", "plain text", "tab\there", "quote \" and \\", "\u{0}\u{1F}\u{7F}", "€ \u{2028} \u{2029} \u{2027}",
            "日本語のテキスト😀", String(repeating: "long \"text\" ", count: 500),
            String(repeating: "x", count: 5_000),
        ]
        for sample in samples {
            var literal: [UInt8] = []
            appendJSONString(sample, to: &literal)

            var writer = JSONWriter(style: style, capacity: 0)
            writer.string(sample)
            #expect(writer.bytes == literal)

            writer = JSONWriter(style: style, capacity: 0)
            writer.beginObject()
            writer.key(sample)
            writer.null()
            writer.endObject()
            let expected: [UInt8] =
                style == .compact
                ? Array("{".utf8) + literal + Array(":null}".utf8)
                : Array("{\n  ".utf8) + literal + Array(": null\n}".utf8)
            #expect(writer.bytes == expected)
        }
    }

    @Test func numbersUseNumberFormatting() throws {
        var writer = JSONWriter()
        writer.beginArray()
        for value in [1.0, -3.0, -0.0, 0.1, 1e-7, 1e20, 9_007_199_254_740_994.0] {
            try writer.number(value)
        }
        writer.endArray()
        #expect(text(writer) == "[1,-3,0,0.1,1e-07,1e+20,9.007199254740994e+15]")
    }

    @Test(arguments: [Double.nan, Double.infinity, -Double.infinity])
    func nonFiniteNumberThrowsAndWritesNothing(value: Double) {
        for style in [JSONStyle.compact, .pretty] {
            var writer = JSONWriter(style: style)
            writer.beginArray()
            writer.integer(1)
            let before = writer.bytes
            #expect(throws: JSONWriterError.nonFiniteNumber(value)) {
                try writer.number(value)
            }
            #expect(writer.bytes == before)
            // The writer's state is untouched too: the next element is laid out normally.
            writer.integer(2)
            writer.endArray()
            #expect(text(writer) == (style == .compact ? "[1,2]" : "[\n  1,\n  2\n]"))
        }
    }

    @Test func nonFiniteNumberInsideObjectLeavesKeyPending() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("x")
        #expect(throws: JSONWriterError.self) { try writer.number(.nan) }
        try writer.number(1.25)
        writer.endObject()
        #expect(text(writer) == #"{"x":1.25}"#)
    }

    @Test func errorDescriptionAndEquality() {
        #expect(
            JSONWriterError.nonFiniteNumber(.nan).description == "number nan is not finite; JSON has no NaN or infinity"
        )
        #expect(
            JSONWriterError.nonFiniteNumber(.infinity).description
                == "number inf is not finite; JSON has no NaN or infinity")
        #expect(
            JSONWriterError.nonFiniteNumber(-.infinity).description
                == "number -inf is not finite; JSON has no NaN or infinity")
        #expect(JSONWriterError.nonFiniteNumber(.nan) == .nonFiniteNumber(.nan))
        #expect(JSONWriterError.nonFiniteNumber(.infinity) != .nonFiniteNumber(-.infinity))
        #expect(JSONWriterError.nonFiniteNumber(.nan) != .nonFiniteNumber(.infinity))
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func takeBytesResets(style: JSONStyle) throws {
        var writer = JSONWriter(style: style, capacity: 16)
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.integer(1)
        // Take mid-document: the nesting state is discarded as well.
        let partial = writer.takeBytes()
        #expect(!partial.isEmpty)
        #expect(writer.bytes.isEmpty)

        writeSample(&writer)
        let first = writer.takeBytes()
        #expect(writer.bytes.isEmpty)
        writeSample(&writer)
        let second = writer.takeBytes()
        #expect(first == second)

        var fresh = JSONWriter(style: style)
        writeSample(&fresh)
        #expect(first == fresh.bytes)
    }

    @Test func newlineAppendsLineFeed() {
        var writer = JSONWriter(style: .pretty)
        writer.beginArray()
        writer.endArray()
        #expect(text(writer) == "[]")
        writer.newline()
        #expect(text(writer) == "[]\n")

        var compact = JSONWriter()
        compact.null()
        compact.newline()
        compact.null()
        compact.newline()
        #expect(text(compact) == "null\nnull\n")
    }

    @Test func prettyDocumentsDoNotEndWithNewlineByDefault() {
        var writer = JSONWriter(style: .pretty)
        writeSample(&writer)
        #expect(writer.bytes.last == UInt8(ascii: "}"))
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func deterministic(style: JSONStyle) throws {
        var outputs: [[UInt8]] = []
        for capacity in [0, 1, 1024] {
            var writer = JSONWriter(style: style, capacity: capacity)
            try writeRich(&writer)
            outputs.append(writer.bytes)
            outputs.append(writer.takeBytes())
            try writeRich(&writer)
            outputs.append(writer.takeBytes())
        }
        #expect(Set(outputs).count == 1)
    }

    @Test func deepNestingCompactAndPretty() {
        var compact = JSONWriter()
        var pretty = JSONWriter(style: .pretty)
        for _ in 0..<100 {
            compact.beginArray()
            pretty.beginArray()
        }
        compact.integer(0)
        pretty.integer(0)
        for _ in 0..<100 {
            compact.endArray()
            pretty.endArray()
        }
        #expect(text(compact) == String(repeating: "[", count: 100) + "0" + String(repeating: "]", count: 100))
        let opening = (0..<100).map { String(repeating: "  ", count: $0) + "[" }
        let closing = (0..<100).reversed().map { String(repeating: "  ", count: $0) + "]" }
        let expected = (opening + [String(repeating: "  ", count: 100) + "0"] + closing).joined(separator: "\n")
        #expect(text(pretty) == expected)
    }

    /// `{"type":"text","id":"a\"b","n":[1,{"k":true}]}` written token by token.
    private func writeNode(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type")
        writer.string("text")
        writer.key("id")
        writer.string("a\"b")
        writer.key("n")
        writer.beginArray()
        writer.integer(1)
        writer.beginObject()
        writer.key("k")
        writer.bool(true)
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    private func escaped(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendJSONString(string, to: &bytes)
        return bytes
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func preEscapedMembersAndRawValuesWriteTheSameBytes(style: JSONStyle) {
        var plain = JSONWriter(style: style)
        plain.beginArray()
        writeNode(&plain)
        writeNode(&plain)
        plain.endArray()

        // The same document from escaped names, scalar tokens and a value copied from a writer of
        // the same style at the same depth.
        var sameDepth = JSONWriter(style: style)
        sameDepth.beginArray()
        sameDepth.beginObject()
        sameDepth.key("n")
        let valueStart = sameDepth.count
        sameDepth.beginArray()
        sameDepth.integer(1)
        sameDepth.beginObject()
        sameDepth.key("k")
        sameDepth.bool(true)
        sameDepth.endObject()
        sameDepth.endArray()
        let nested = Array(sameDepth.bytes[valueStart...])

        var raw = JSONWriter(style: style)
        raw.beginArray()
        for _ in 0..<2 {
            raw.beginObject()
            escaped("type").withUnsafeBufferPointer { name in
                escaped("text").withUnsafeBufferPointer { raw.member(escaped: name, rawValue: $0) }
            }
            escaped("id").withUnsafeBufferPointer { raw.key(escaped: $0) }
            escaped("a\"b").withUnsafeBufferPointer { raw.rawValue($0) }
            escaped("n").withUnsafeBufferPointer { raw.key(escaped: $0) }
            nested.withUnsafeBufferPointer { raw.rawValue($0) }
            raw.endObject()
        }
        raw.endArray()
        #expect(raw.bytes == plain.bytes)
    }

    @Test(arguments: [JSONStyle.compact, .pretty])
    func anObjectCanStartFromACopiedHead(style: JSONStyle) {
        var full = JSONWriter(style: style)
        full.beginArray()
        writeNode(&full)
        full.endArray()

        // The head: from the object's `{` up to the end of its second member.
        var source = JSONWriter(style: style)
        source.beginArray()
        source.beginObject()
        let start = source.count - 1
        source.key("type")
        source.string("text")
        source.key("id")
        source.string("a\"b")
        let head = Array(source.bytes[start...])

        var copied = JSONWriter(style: style)
        copied.beginArray()
        head.withUnsafeBufferPointer { copied.beginObject(copying: $0) }
        copied.key("n")
        copied.beginArray()
        copied.integer(1)
        copied.beginObject()
        copied.key("k")
        copied.bool(true)
        copied.endObject()
        copied.endArray()
        copied.endObject()
        copied.endArray()
        #expect(copied.bytes == full.bytes)
    }

    @Test func copyBytesAndResetKeepsNothingOfTheLastDocument() {
        var writer = JSONWriter(capacity: 4)
        writeSample(&writer)
        let first = writer.copyBytesAndReset()
        #expect(String(decoding: first, as: UTF8.self) == #"{"a":1,"b":[true,false,null],"c":{}}"#)
        #expect(writer.count == 0)
        writer.beginArray()
        writer.integer(7)
        writer.endArray()
        #expect(writer.copyBytesAndReset() == Array("[7]".utf8))
        writeSample(&writer)
        #expect(writer.copyBytesAndReset() == first)
    }
}
