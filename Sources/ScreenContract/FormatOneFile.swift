import Foundation
import ScreenJSON

/// Reads a small checked-in JSON file of format 1 (exemptions, sunsets): the format number first,
/// then the rest; a one-line reason when it cannot.
enum FormatOneFile {
    /// The format number, read before the rest.
    private struct Header: Decodable { let format: Int }

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

    /// `data` decoded as `File`, or why not: no format number, another format, or a body that
    /// does not match (`shape` says what each entry needs).
    static func decode<File: Decodable>(_ type: File.Type, from data: Data, name: String, shape: String)
        -> Result<File, FormatOneError>
    {
        guard data.count <= ContractLimits.maximumSmallFileBytes else {
            return .failure(
                FormatOneError(
                    description:
                        "\(name) is \(data.count) bytes; it may be at most \(ContractLimits.maximumSmallFileBytes)"))
        }
        if let offset = JSONDepth.firstOffset(exceeding: ContractLimits.maximumJSONDepth, in: [UInt8](data)) {
            return .failure(
                FormatOneError(
                    description:
                        "\(name) nests deeper than \(ContractLimits.maximumJSONDepth) levels (at byte \(offset))"))
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return .failure(FormatOneError(description: "\(name) is not JSON with a \"format\" number"))
        }
        guard header.format == 1 else {
            return .failure(
                FormatOneError(description: "\(name) has format \(header.format); this screenkit reads format 1"))
        }
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            return .failure(FormatOneError(description: "\(name): \(shape)"))
        }
        return .success(file)
    }
}

/// Why a format-1 file could not be read.
struct FormatOneError: Error {
    let description: String
}
