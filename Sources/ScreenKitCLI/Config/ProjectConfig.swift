import Foundation
import ScreenCompiler
import ScreenEdge
import ScreenJSON
import ScreenKit

/// The project's config file, `screenkit.json` at the package root: where things are and where they go.
///
/// It is found by walking up from the working folder (or named with `--config`); command-line
/// flags override it. Folder paths in it are relative to the file's own folder.
///
/// ```json
/// {"format": 1, "contract": "Screens/Contract", "output": "dist", "preview": "preview",
///  "previewURL": "https://ci.example.com/preview", "bucket": "s3://shop-screens/app",
///  "endpoint": "https://minio.internal:9000", "region": "eu-west-1", "minContract": 1,
///  "strings": ["Screens/Localizable.xcstrings"], "locales": ["en", "de", "pl"],
///  "untranslated": "error", "edge": "cookie:uid", "records": true, "assetCatalogs": ["App/Assets.xcassets"],
///  "androidResources": ["android/app/src/main/res"], "iosColorNames": {"brand.primary": "BrandPrimary"},
///  "androidColorNames": {}, "colorTolerance": 2, "errors": ["contrast-low"]}
/// ```
public struct ProjectConfig: Sendable, Equatable {
    /// The file name looked for in the working folder and every folder above it.
    public static let fileName = "screenkit.json"
    /// The config format this screenkit reads.
    public static let format = 1
    /// The largest config file read, in bytes.
    public static let maximumSize = 64 * 1024
    /// Every key a format-1 config may hold.
    public static let keys = [
        "format", "contract", "output", "preview", "previewURL", "bucket", "endpoint", "region", "minContract",
        "strings", "locales", "untranslated", "edge", "records", "assetCatalogs", "androidResources",
        "iosColorNames", "androidColorNames", "colorTolerance", "errors",
    ]
    /// The most String Catalogs and locales a config may list.
    public static let maximumListCount = 64

    /// The config file read, as an absolute path.
    public var path: String
    /// The contract folder (history and exemptions), absolute.
    public var contract: String?
    /// The `build` output folder, absolute.
    public var output: String?
    /// The `preview` output folder, absolute.
    public var preview: String?
    /// Where the preview pages are served, for links in the review report.
    public var previewURL: String?
    /// The default `publish --to` bucket URL.
    public var bucket: String?
    /// The default S3-compatible endpoint.
    public var endpoint: String?
    /// The default signing region.
    public var region: String?
    /// The oldest client contract version a screen supports unless it says otherwise; overrides the catalog's.
    public var minContract: Int?
    /// The String Catalogs (`.xcstrings`) localized strings are looked up in, absolute.
    public var strings: [String] = []
    /// The locales screens are built for (the catalogs' source language is always one).
    public var locales: [String] = []
    /// Whether an untranslated string is a `warning` rather than an `error`.
    public var untranslatedIsWarning = false
    /// The edge router `publish` uploads and `edge` writes by default: its unit source (`"edge":
    /// "cookie:uid"`; `"none"`: no unit). Nil: `publish` uploads no router.
    public var edge: EdgeRouter.Options?
    /// The app's Xcode Asset Catalogs the colour tokens are compared with, absolute.
    public var assetCatalogs: [String] = []
    /// The app's Android `res` folders the colour tokens are compared with, absolute.
    public var androidResources: [String] = []
    /// A token's colour name in the Asset Catalogs, where it is not the token's own name: one
    /// name, or separate light and dark names.
    public var iosColorNames: [String: AppColorName] = [:]
    /// A token's colour name in the Android resources, where it is not its snake-case form: one
    /// name, or separate light and dark names (Material 3's `m3_sys_light_primary`).
    public var androidColorNames: [String: AppColorName] = [:]
    /// The largest ΔE₀₀ between a token's literal and the app's colour that is not reported.
    public var colorTolerance: Double?
    /// The rules whose warnings fail `check`, `build` and `publish` (e.g. `contrast-low`).
    public var errors: [String] = []

    /// Why a config file cannot be used.
    public struct Invalid: Error, CustomStringConvertible {
        /// What is wrong, naming the file.
        public let description: String
    }

    /// The config that applies in `workingDirectory`: `explicit` when given, else the nearest
    /// `screenkit.json` in it or a folder above it, else none.
    public static func find(explicit: String?, workingDirectory: String) throws(Invalid) -> ProjectConfig? {
        if let explicit {
            let path = explicit.hasPrefix("/") ? explicit : workingDirectory + "/" + explicit
            return try load(URL(fileURLWithPath: path).standardizedFileURL.path)
        }
        var folder = URL(fileURLWithPath: workingDirectory).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return try load(candidate) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and validates one config file.
    public static func load(_ path: String) throws(Invalid) -> ProjectConfig {
        switch JSONFile.read(atPath: path, maximumBytes: maximumSize) {
        case .missing, .unreadable: throw Invalid(description: "\(path): cannot read the config file")
        case .tooLarge(let size):
            throw Invalid(description: "\(path): \(size) bytes; a config file may hold at most \(maximumSize)")
        case .bytes(let bytes): return try parse(bytes, path: path)
        }
    }

    /// Validates the bytes of a config file read from `path` (the base of its relative folders).
    public static func parse(_ bytes: [UInt8], path: String) throws(Invalid) -> ProjectConfig {
        func invalid(_ message: String) -> Invalid { Invalid(description: "\(path): \(message)") }
        guard bytes.count <= maximumSize else {
            throw invalid("\(bytes.count) bytes; a config file may hold at most \(maximumSize)")
        }
        // A config is one object of strings, numbers, lists of strings and maps (of strings, or of
        // light and dark name pairs): anything nested deeper is refused before it is decoded.
        if let offset = JSONDepth.firstOffset(exceeding: 3, in: bytes) {
            throw invalid(
                "nests too deep (at byte \(offset)); a config file is one object of strings, numbers, lists of strings and maps"
            )
        }
        guard let document = try? JSONObjectReader.document(bytes, maximumDepth: 3) else {
            throw invalid(
                "not a JSON object of strings, numbers, lists of strings and maps; expected {\"format\": 1, …}"
            )
        }
        var object: [String: Scalar] = [:]
        for member in document.members where object[member.key] == nil { object[member.key] = Scalar(member.value) }
        guard case .number(let format)? = object["format"] else {
            throw invalid("needs \"format\": \(Self.format), read before anything else")
        }
        guard format == Double(Self.format) else {
            throw invalid("format \(format.formatted()); this screenkit reads format \(Self.format)")
        }
        let unknown = object.keys.filter { !keys.contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw invalid(
                "unknown key\(unknown.count == 1 ? "" : "s") \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")) (known: \(keys.joined(separator: ", ")))"
            )
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        func string(_ key: String) throws(Invalid) -> String? {
            guard let value = object[key] else { return nil }
            guard case .string(let text) = value, !text.isEmpty else {
                throw invalid("\"\(key)\" must be a non-empty string")
            }
            guard text.utf8.count <= 4096 else { throw invalid("\"\(key)\" is longer than 4096 bytes") }
            return text
        }
        func folder(_ key: String) throws(Invalid) -> String? {
            guard let text = try string(key) else { return nil }
            return text.hasPrefix("/") ? text : base.appendingPathComponent(text).standardizedFileURL.path
        }
        func strings(_ key: String) throws(Invalid) -> [String] {
            switch object[key] {
            case nil: return []
            case .string(let text)?: return [try string(key) ?? text]
            case .list(let items)?:
                guard !items.isEmpty, items.count <= maximumListCount,
                    items.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4096 })
                else {
                    throw invalid(
                        "\"\(key)\" must list 1 to \(maximumListCount) non-empty strings of at most 4096 bytes")
                }
                return items
            default: throw invalid("\"\(key)\" must be a string or a list of strings")
            }
        }
        var config = ProjectConfig(path: path)
        config.strings = try strings("strings").map {
            $0.hasPrefix("/") ? $0 : base.appendingPathComponent($0).standardizedFileURL.path
        }
        config.locales = try strings("locales")
        if let value = try string("untranslated") {
            guard value == "error" || value == "warning" else {
                throw invalid("\"untranslated\" must be \"error\" or \"warning\", not \"\(value)\"")
            }
            config.untranslatedIsWarning = value == "warning"
        }
        if !config.locales.isEmpty && config.strings.isEmpty {
            throw invalid("\"locales\" needs \"strings\": the String Catalogs the locales are translated in")
        }
        if let value = try string("edge") {
            if value == "none" {
                config.edge = EdgeRouter.Options()
            } else if let unit = EdgeRouter.UnitSource(value) {
                config.edge = EdgeRouter.Options(unit: unit)
            } else {
                throw invalid(
                    "\"edge\" must be \"header:NAME\", \"cookie:NAME\", \"query:NAME\" or \"none\", not \"\(value.prefix(80))\""
                )
            }
        }
        switch object["records"] {
        case nil: break
        case .bool(let records)?:
            guard config.edge != nil else {
                throw invalid(
                    "\"records\" is a setting of the edge router: it needs \"edge\" (a unit source or \"none\")")
            }
            config.edge?.records = records
        default: throw invalid("\"records\" must be true or false")
        }
        config.contract = try folder("contract")
        config.output = try folder("output")
        config.preview = try folder("preview")
        config.previewURL = try string("previewURL")
        config.bucket = try string("bucket")
        config.endpoint = try string("endpoint")
        config.region = try string("region")
        func paths(_ key: String) throws(Invalid) -> [String] {
            try strings(key).map { $0.hasPrefix("/") ? $0 : base.appendingPathComponent($0).standardizedFileURL.path }
        }
        func names(_ key: String) throws(Invalid) -> [String: AppColorName] {
            let shape =
                "\"\(key)\" must map token names (brand.primary) to colour names of 1 to 256 bytes, or to "
                + "{\"light\": name, \"dark\": name}, at most 10000"
            func name(_ value: JSONValue?) -> String? {
                guard case .string(let text)? = value, !text.isEmpty, text.utf8.count <= 256 else { return nil }
                return text
            }
            func pair(_ value: JSONValue) -> AppColorName? {
                guard case .object(let members) = value, members.map(\.key).sorted() == ["dark", "light"],
                    let light = name(value["light"]), let dark = name(value["dark"])
                else { return nil }
                return AppColorName(light: light, dark: dark)
            }
            switch object[key] {
            case nil: return [:]
            case .map(let map)?:
                guard map.count <= 10_000 else { throw invalid(shape) }
                var names: [String: AppColorName] = [:]
                for (token, value) in map {
                    guard ColorToken.isValidName(token) else { throw invalid(shape) }
                    if let single = name(value) {
                        names[token] = AppColorName(light: single)
                    } else if let pair = pair(value) {
                        names[token] = pair
                    } else {
                        throw invalid(shape + " (\"\(token)\")")
                    }
                }
                return names
            default: throw invalid("\"\(key)\" must be an object of token names to colour names")
            }
        }
        config.assetCatalogs = try paths("assetCatalogs")
        config.androidResources = try paths("androidResources")
        config.iosColorNames = try names("iosColorNames")
        config.androidColorNames = try names("androidColorNames")
        if let value = object["colorTolerance"] {
            guard case .number(let number) = value, number >= 0, number <= 100 else {
                throw invalid("\"colorTolerance\" must be a ΔE₀₀ from 0 to 100")
            }
            config.colorTolerance = number
        }
        config.errors = try strings("errors")
        if let value = object["minContract"] {
            guard case .number(let number) = value, let version = Int(exactly: number), version >= 1 else {
                throw invalid("\"minContract\" must be a whole number ≥ 1")
            }
            config.minContract = version
        }
        return config
    }

    /// One value of the config object: every key holds a string, a number or a list of strings.
    private enum Scalar {
        case string(String)
        case number(Double)
        case list([String])
        case map([String: JSONValue])
        case bool(Bool)
        case other

        init(_ value: JSONValue) {
            switch value {
            case .string(let text): self = .string(text)
            case .bool(let value): self = .bool(value)
            case .number(let text): self = Double(text).flatMap { $0.isFinite ? .number($0) : nil } ?? .other
            case .array(let items):
                let strings = items.compactMap(\.stringValue)
                self = strings.count == items.count ? .list(strings) : .other
            case .object(let members):
                var map: [String: JSONValue] = [:]
                for member in members {
                    guard map[member.key] == nil else {
                        self = .other
                        return
                    }
                    map[member.key] = member.value
                }
                self = .map(map)
            case .null: self = .other
            }
        }
    }

    /// Creates an empty config read from `path`.
    public init(path: String) {
        self.path = path
    }

    /// The option values this config gives `command`, keyed by option name (flags override them).
    func defaults(for command: String) -> [String: String] {
        var values: [String: String] = [:]
        values["--contract"] = contract
        switch command {
        case "build": values["--out"] = output
        case "preview": values["--out"] = preview
        case "check": values["--preview-url"] = previewURL
        case "publish":
            values["--to"] = bucket
            values["--endpoint"] = endpoint
            values["--region"] = region
        case "rollout":
            values["--bucket"] = bucket
            values["--endpoint"] = endpoint
            values["--region"] = region
        case "contract":
            // `contract coverage` reading an s3:// bucket; no other contract subcommand reads them.
            values["--endpoint"] = endpoint
            values["--region"] = region
        default: break
        }
        return values
    }

    /// A one-line account of what the config sets, for `--verbose`.
    var summary: String {
        var parts: [String] = []
        if let contract { parts.append("contract \(contract)") }
        if let output { parts.append("output \(output)") }
        if let preview { parts.append("preview \(preview)") }
        if let previewURL { parts.append("previewURL \(previewURL)") }
        if let bucket { parts.append("bucket \(bucket)") }
        if let endpoint { parts.append("endpoint \(endpoint)") }
        if let region { parts.append("region \(region)") }
        if let minContract { parts.append("minContract \(minContract)") }
        if !strings.isEmpty { parts.append("strings \(strings.joined(separator: ", "))") }
        if !locales.isEmpty { parts.append("locales \(locales.joined(separator: ", "))") }
        if untranslatedIsWarning { parts.append("untranslated warning") }
        if let edge {
            parts.append(
                "edge " + (edge.unit.map { "\($0.kind):\($0.name)" } ?? "none") + (edge.records ? " with records" : ""))
        }
        if !assetCatalogs.isEmpty { parts.append("assetCatalogs \(assetCatalogs.joined(separator: ", "))") }
        if !androidResources.isEmpty { parts.append("androidResources \(androidResources.joined(separator: ", "))") }
        if !errors.isEmpty { parts.append("errors \(errors.joined(separator: ", "))") }
        return "config \(path)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }
}
