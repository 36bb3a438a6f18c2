import Foundation
import ScreenContract
import ScreenKit
import Testing

/// Every limit of ``ContractLimits`` is a clear error naming the limit (and, where it can be
/// told, the position), reached before the work it guards: hostile history, exemptions and sunset
/// files never crash or hang the gate.
@Suite struct ReaderLimitTests {
    /// A contract file of version 1 declaring `components` (JSON text) and `enums`.
    static func contractFile(components: String = "[]", enums: String = "[]") -> [UInt8] {
        Array(
            #"{"format": 1, "version": 1, "components": \#(components), "actions": [], "enums": \#(enums)}"#.utf8)
    }

    static func component(propType: String) -> String {
        #"[{"type": "text", "children": false, "fallback": "none", "props": [{"key": "content", "type": "\#(propType)", "presence": "required"}]}]"#
    }

    func decodeError(_ bytes: [UInt8]) -> String {
        do {
            _ = try ContractFile.decode(bytes)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(ContractLimits.maximumFileBytes == 4_194_304)
        #expect(ContractLimits.maximumSmallFileBytes == 1_048_576)
        #expect(ContractLimits.maximumJSONDepth == 32)
        #expect(ContractLimits.maximumVersions == 10_000)
        #expect(ContractLimits.maximumTypeDepth == 8)
        #expect(ContractLimits.maximumNameBytes == 256)
        #expect(ContractLimits.maximumElements == 10_000)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsParsed() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: ContractLimits.maximumFileBytes + 1)
        #expect(decodeError(bytes) == "the file is 4194305 bytes; a contract file is at most 4194304 bytes")
    }

    @Test func aValueNestedAMillionLevelsIsRefusedAtTheByteWhereItGoesTooDeep() {
        let deep =
            Array(#"{"format": 1, "components": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(
            decodeError(deep) == "nests deeper than 32 levels (at byte 59); a contract file never does",
            "\(decodeError(deep))")
        // Brackets inside strings do not count.
        let quoted = Self.contractFile(
            components: Self.component(propType: String(repeating: "[", count: 40) + "string"))
        #expect(!decodeError(quoted).contains("nests deeper than 32"))
    }

    @Test func aTypeDescriptorNestedTooDeepIsRefusedNamingTheProp() {
        let nine = String(repeating: "[", count: 9) + "string" + String(repeating: "]", count: 9)
        #expect(
            decodeError(Self.contractFile(components: Self.component(propType: nine)))
                == "text.content: the type nests 9 lists or maps; a type nests at most 8")
        let eight = String(repeating: "[", count: 8) + "string" + String(repeating: "]", count: 8)
        #expect(decodeError(Self.contractFile(components: Self.component(propType: eight))) == "accepted")
        // The descriptor of the 43 hung runs: 100,000 levels, refused by the name limit at once.
        let hostile = String(repeating: "[", count: 100_000) + "string" + String(repeating: "]", count: 100_000)
        #expect(
            decodeError(Self.contractFile(components: Self.component(propType: hostile))).hasSuffix(
                "is 200006 bytes; names and types are at most 256"))
    }

    @Test func aLongNameIsRefused() {
        let long = String(repeating: "n", count: 257)
        let components =
            #"[{"type": "\#(long)", "children": false, "fallback": "none", "props": []}]"#
        #expect(
            decodeError(Self.contractFile(components: components))
                == "the name \"\(long.prefix(40))…\" is 257 bytes; names and types are at most 256")
    }

    @Test func tooManyElementsAreRefusedNamingWhichOnes() {
        let values = (0...ContractLimits.maximumElements).map { #"{"value": "v\#($0)"}"# }.joined(separator: ",")
        let enums = #"[{"name": "Style", "values": [\#(values)]}]"#
        #expect(
            decodeError(Self.contractFile(enums: enums))
                == "10001 values of Style; a contract file declares at most 10000")
    }

    @Test func aHistoryFolderWithTooManyEntriesIsRefusedWithoutReadingThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 1...(ContractLimits.maximumVersions + 1) {
            _ = FileManager.default.createFile(
                atPath: folder.appendingPathComponent("\(number).json").path, contents: nil)
        }
        let history = ContractHistory.load(from: folder)
        #expect(history.versions.isEmpty)
        #expect(
            history.diagnostics.map(\.message) == [
                "the history folder holds 10001 entries; a history has at most 10000 versions"
            ])
    }

    @Test func versionNumbersBeyondTheLimitAreNotVersionFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["10001.json", "99999999999999999999999.json"] {
            _ = FileManager.default.createFile(
                atPath: folder.appendingPathComponent(name).path, contents: Data("{}".utf8))
        }
        let messages = ContractHistory.load(from: folder).diagnostics.map(\.message)
        #expect(
            messages == [
                "10001.json is not a version file (expected 1.json, 2.json, …)",
                "99999999999999999999999.json is not a version file (expected 1.json, 2.json, …)",
            ])
    }

    @Test func aHugeHistoryFileIsRefusedByItsSizeOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("1.json").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 1 << 30)  // 1 GiB, sparse: never read
        try handle.close()
        let history = ContractHistory.load(from: folder)
        #expect(history.versions.isEmpty)
        #expect(
            history.diagnostics.map(\.message).first
                == "1.json is 1073741824 bytes; a contract file is at most 4194304 bytes")
    }

    @Test func exemptionsAndSunsetFilesHaveTheirLimits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-limits-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let big = folder.appendingPathComponent("exemptions.json")
        try Data(repeating: 0x20, count: ContractLimits.maximumSmallFileBytes + 1).write(to: big)
        #expect(
            Exemptions.load(from: big).diagnostics.map(\.message) == [
                "exemptions.json is 1048577 bytes; it may be at most 1048576"
            ])
        let deep = Array(#"{"format": 1, "sunset": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(
            Sunsets.decode(deep, path: "/x/sunset.json").diagnostics.map(\.message) == [
                "sunset.json nests deeper than 32 levels (at byte 55)"
            ])
        #expect(
            Exemptions.decode(deep, path: "/x/exemptions.json").diagnostics.map(\.message) == [
                "exemptions.json nests deeper than 32 levels (at byte 55)"
            ])
    }
}
