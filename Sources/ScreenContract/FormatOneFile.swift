import Foundation
import ScreenJSON
import ScreenKit

/// Reads a small checked-in JSON file of format 1 (exemptions, sunsets): the format number first,
/// then the rest; a one-line reason when it cannot.
enum FormatOneFile {
    /// The file at `url` given to `decode`: `none` when there is none, `invalid` with the reason
    /// when it cannot be read or is over the size limit.
    static func load<File>(
        _ url: URL, none: File, invalid: (String) -> File, decode: ([UInt8]) -> File
    ) -> File {
        switch read(url) {
        case nil: none
        case .failure(let error): invalid(error.description)
        case .success(let bytes): decode(bytes)
        }
    }

    /// The bytes of the file at `url`: nil when there is none, a failure when it cannot be read or
    /// is larger than the limit (checked before it is read).
    static func read(_ url: URL) -> Result<[UInt8], FormatOneError>? {
        switch JSONFile.read(atPath: url.path, maximumBytes: ContractLimits.maximumSmallFileBytes) {
        case .missing: return nil
        case .unreadable: return .failure(FormatOneError(description: "cannot read \(url.lastPathComponent)"))
        case .tooLarge(let size):
            return .failure(
                FormatOneError(
                    description:
                        "\(url.lastPathComponent) is \(size) bytes; it may be at most \(ContractLimits.maximumSmallFileBytes)"
                ))
        case .bytes(let bytes): return .success(bytes)
        }
    }

    /// `bytes` read as `File` by `read`, or why not: no format number, another format, or a body
    /// that does not match (`shape` says what each entry needs, and the error where it is wrong).
    static func decode<File>(
        _ bytes: [UInt8], name: String, shape: String, read: (JSONObjectReader) throws(JSONFormatError) -> File
    ) -> Result<File, FormatOneError> {
        guard bytes.count <= ContractLimits.maximumSmallFileBytes else {
            return .failure(
                FormatOneError(
                    description:
                        "\(name) is \(bytes.count) bytes; it may be at most \(ContractLimits.maximumSmallFileBytes)"))
        }
        if let offset = JSONDepth.firstOffset(exceeding: ContractLimits.maximumJSONDepth, in: bytes) {
            return .failure(
                FormatOneError(
                    description:
                        "\(name) nests deeper than \(ContractLimits.maximumJSONDepth) levels (at byte \(offset))"))
        }
        guard let document = try? JSONObjectReader.document(bytes, maximumDepth: ContractLimits.maximumJSONDepth),
            let format = try? document.int("format")
        else {
            return .failure(FormatOneError(description: "\(name) is not JSON with a \"format\" number"))
        }
        guard format == 1 else {
            return .failure(FormatOneError(description: "\(name) has format \(format); this screenkit reads format 1"))
        }
        do {
            return .success(try read(document))
        } catch {
            return .failure(FormatOneError(description: "\(name): \(shape) (\(error.description))"))
        }
    }
}

/// Why a format-1 file could not be read.
struct FormatOneError: Error {
    let description: String
}

/// A checked-in format-1 file read into its entries and the problems found (exemptions, sunsets).
protocol FormatOneDocument {
    /// One entry of the file.
    associatedtype Entry
    /// The rule a file that cannot be used is reported under.
    static var invalidRule: Rule { get }
    /// The file's content.
    init(entries: [Entry], path: String, diagnostics: [Diagnostic])
    /// Reads the bytes of a file at `path` (named in diagnostics).
    static func decode(_ bytes: [UInt8], path: String) -> Self
}

extension FormatOneDocument {
    /// Reads the file at `url`; a missing file means no entries.
    static func loading(_ url: URL) -> Self {
        FormatOneFile.load(
            url, none: Self(entries: [], path: url.path, diagnostics: []),
            invalid: { invalid($0, path: url.path) }, decode: { decode($0, path: url.path) })
    }

    /// No entries, and the one problem that made the file at `path` unusable.
    static func invalid(_ message: String, path: String) -> Self {
        Self(
            entries: [], path: path,
            diagnostics: [invalidRule.diagnostic(message, at: SourceLocation(file: path, line: 1, column: 1))])
    }
}
