import Foundation
import ScreenJSON

/// Reads the colours of an Xcode Asset Catalog (`*.xcassets`) exactly as Xcode writes them: each
/// `*.colorset/Contents.json` with its universal and dark appearances, in `srgb`, `display-p3`,
/// `extended-srgb`, `extended-linear-srgb` or a gray space, components as 0–1 floats
/// (`"0.039"`), 0–255 integers (`"10"`) or hex (`"0x0A"`). A group folder whose `Contents.json`
/// says `provides-namespace` prefixes its colours' names (`Brand/Primary`). Never writes.
public enum AssetCatalogReader {
    /// The palette of the catalog at `path`. A catalog that is not a folder, or is larger than
    /// ``AppPaletteLimits`` allow, throws; a colour set that cannot be read is a problem in the palette.
    public static func read(catalogAt path: String) throws(AppPaletteError) -> AppPalette {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AppPaletteError("\(path): not an Asset Catalog folder")
        }
        var palette = AppPalette(platform: .iOS)
        var visited = 0
        try walk(path, namespace: "", depth: 0, visited: &visited, into: &palette)
        return palette
    }

    private static func walk(
        _ folder: String, namespace: String, depth: Int, visited: inout Int, into palette: inout AppPalette
    ) throws(AppPaletteError) {
        guard depth <= AppPaletteLimits.maximumFolderDepth else {
            throw AppPaletteError("\(folder): folders nest deeper than \(AppPaletteLimits.maximumFolderDepth)")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            palette.problems.append("\(folder): cannot be listed")
            return
        }
        for name in names.sorted() {
            visited += 1
            guard visited <= AppPaletteLimits.maximumEntries else {
                throw AppPaletteError(
                    "\(folder): more than \(AppPaletteLimits.maximumEntries) files and folders; an Asset Catalog this large is not read"
                )
            }
            let path = folder + "/" + name
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                continue
            }
            if name.hasSuffix(".colorset") {
                let colorName = namespace + String(name.dropLast(".colorset".count))
                guard palette.colors.count < AppPaletteLimits.maximumColors else {
                    throw AppPaletteError(
                        "\(folder): more than \(AppPaletteLimits.maximumColors) colours; a catalog this large is not read"
                    )
                }
                switch readColorSet(path + "/Contents.json", name: colorName) {
                case .success(let entry): palette.colors[colorName] = entry
                case .failure(let problem): palette.problems.append(problem.description)
                }
            } else if !isAssetFolder(name) {
                // A group: its own Contents.json may open a namespace.
                let prefix = providesNamespace(path + "/Contents.json") ? namespace + name + "/" : namespace
                try walk(path, namespace: prefix, depth: depth + 1, visited: &visited, into: &palette)
            }
        }
    }

    /// Image sets, app icons, data sets and other asset folders hold no colours: not descended into.
    private static func isAssetFolder(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return [
            "imageset", "appiconset", "dataset", "symbolset", "iconset", "launchimage", "imagestack",
            "brandassets", "arimageset", "arresourcegroup", "textureset", "cubetextureset", "mipmapset",
            "complicationset", "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "stickerpack",
            "sticker", "stickersequence", "solidimagestack", "spriteatlas", "xcassets",
        ].contains(name[name.index(after: dot)...].lowercased())
    }

    private static func providesNamespace(_ contents: String) -> Bool {
        guard
            case .bytes(let bytes) = JSONFile.read(
                atPath: contents, maximumBytes: AppPaletteLimits.maximumContentsBytes),
            let json = try? JSONReader.read(bytes, maximumDepth: AppPaletteLimits.maximumJSONDepth)
        else { return false }
        if case .bool(true)? = json["properties"]?["provides-namespace"] { return true }
        return false
    }

    /// One colour set's entry, or the problem with its `Contents.json`.
    static func readColorSet(_ contents: String, name: String) -> Result<AppPalette.Entry, AppPaletteError> {
        let bytes: [UInt8]
        switch JSONFile.read(atPath: contents, maximumBytes: AppPaletteLimits.maximumContentsBytes) {
        case .bytes(let read): bytes = read
        case .missing: return .failure(AppPaletteError("\(contents): missing; the colour set declares no colour"))
        case .unreadable: return .failure(AppPaletteError("\(contents): cannot be read"))
        case .tooLarge(let size):
            return .failure(
                AppPaletteError(
                    "\(contents): \(size) bytes; a colour set's Contents.json is at most \(AppPaletteLimits.maximumContentsBytes)"
                ))
        }
        do throws(AppPaletteError) {
            return .success(try parseColorSet(bytes, name: name, file: contents))
        } catch {
            return .failure(error)
        }
    }

    /// The entry a colour set's `Contents.json` declares.
    public static func parseColorSet(_ bytes: [UInt8], name: String, file: String) throws(AppPaletteError)
        -> AppPalette.Entry
    {
        let json: JSONValue
        do {
            json = try JSONReader.read(bytes, maximumDepth: AppPaletteLimits.maximumJSONDepth)
        } catch {
            throw AppPaletteError("\(file): \(error.description)")
        }
        guard json.members != nil else { throw AppPaletteError("\(file): not a JSON object") }
        var entry = AppPalette.Entry(name: name, light: nil, dark: nil, file: file)
        guard let colors = json["colors"] else { return entry }  // an empty colour set, as Xcode writes one
        guard let list = colors.arrayValue else { throw AppPaletteError("\(file): \"colors\" is not a list") }
        // Universal entries first; an idiom-specific one (iphone, mac…) only where no universal one says.
        var chosen: [Bool: (value: AppColor?, unresolved: String?, universal: Bool)] = [:]
        for (index, item) in list.enumerated() {
            let at = "\(file): colors[\(index)]"
            guard item.members != nil else { throw AppPaletteError("\(at) is not an object") }
            var isDark = false
            var skip = false
            for appearance in item["appearances"]?.arrayValue ?? [] {
                switch (appearance["appearance"]?.stringValue, appearance["value"]?.stringValue) {
                case ("luminosity", "dark"): isDark = true
                case ("luminosity", "light"), ("luminosity", "any"): break
                default: skip = true  // a high-contrast variant: not what most users see
                }
            }
            if item["display-gamut"] != nil { skip = true }  // a gamut-specific variant of the same colour
            guard !skip, let color = item["color"] else { continue }
            let universal = (item["idiom"]?.stringValue ?? "universal") == "universal"
            if let existing = chosen[isDark], existing.universal || !universal { continue }
            if let reference = color["reference"]?.stringValue {
                chosen[isDark] = (nil, "system colour \(reference)", universal)
            } else {
                chosen[isDark] = (try parseColor(color, at: at), nil, universal)
            }
        }
        entry.light = chosen[false]?.value
        entry.dark = chosen[true]?.value
        entry.unresolved = chosen[false]?.unresolved ?? chosen[true]?.unresolved
        return entry
    }

    /// A `"color"` object: its colour space and components.
    static func parseColor(_ color: JSONValue, at: String) throws(AppPaletteError) -> AppColor {
        let space = color["color-space"]?.stringValue ?? "srgb"
        guard let components = color["components"], components.members != nil else {
            throw AppPaletteError("\(at): the colour has no \"components\"")
        }
        func component(_ key: String, isAlpha: Bool = false) throws(AppPaletteError) -> Double {
            guard let value = components[key] else {
                if isAlpha { return 1 }
                throw AppPaletteError("\(at): component \"\(key)\" is missing")
            }
            let text: String
            switch value {
            case .string(let string): text = string.trimmingCharacters(in: .whitespaces)
            case .number(let number): text = number
            default: throw AppPaletteError("\(at): component \"\(key)\" is not a number")
            }
            guard let parsed = componentValue(text, isAlpha: isAlpha) else {
                throw AppPaletteError(
                    "\(at): component \"\(key)\" is \"\(text.prefix(32))\"; Xcode writes 0–1 (\"0.039\"), 0–255 (\"10\") or hex (\"0x0A\")"
                )
            }
            return parsed
        }
        let alpha = try component("alpha", isAlpha: true)
        switch space {
        case "srgb", "extended-srgb":
            return AppColor(
                red: try component("red"), green: try component("green"), blue: try component("blue"), alpha: alpha)
        case "display-p3":
            return AppColor(
                space: .displayP3, red: try component("red"), green: try component("green"),
                blue: try component("blue"),
                alpha: alpha)
        case "extended-linear-srgb":
            return AppColor(
                red: ColorMath.encode(try component("red")), green: ColorMath.encode(try component("green")),
                blue: ColorMath.encode(try component("blue")), alpha: alpha)
        case "gray-gamma-22", "extended-gray":
            // Gamma 2.2 read as the sRGB curve: within 1 % for every value.
            let white = try component("white")
            return AppColor(red: white, green: white, blue: white, alpha: alpha)
        default:
            throw AppPaletteError(
                "\(at): colour space \"\(space.prefix(40))\" is not read (srgb, display-p3, extended-srgb, extended-linear-srgb, gray-gamma-22, extended-gray)"
            )
        }
    }

    /// A component in one of Xcode's notations: hex `0xNN` and integers are 0–255, anything with
    /// a point is 0–1 (an opacity is always 0–1: Xcode writes `"1.000"`, and `"1"` means opaque).
    static func componentValue(_ text: String, isAlpha: Bool) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 32 else { return nil }
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            guard let value = Int(lower.dropFirst(2), radix: 16), (0...255).contains(value), !isAlpha else {
                return nil
            }
            return Double(value) / 255
        }
        if !lower.contains("."), !lower.contains("e"), let value = Int(lower) {
            if isAlpha { return value == 0 || value == 1 ? Double(value) : nil }
            return (0...255).contains(value) ? Double(value) / 255 : nil
        }
        guard let value = Double(lower), value.isFinite, value >= -1, value <= 2 else { return nil }
        return value
    }
}
