import Foundation
import ScreenJSON

/// Reads the colours of an Android `res` folder: every `*.xml` file of `values/` (the light, or
/// only, appearance) and `values-night/` (the dark one), `<color name="…">` and
/// `<item name="…" type="color">`, values `#RGB`, `#ARGB`, `#RRGGBB` or `#AARRGGBB`, references to
/// another colour (`@color/brand`, resolved in the same folder, then in `values/`) and Android's
/// `@android:color/white`, `black` and `transparent`. Other qualifiers (`values-v31`,
/// `values-land`) are not read. Never writes.
public enum AndroidColorsReader {
    /// The palette of the `res` folder at `path`.
    public static func read(resourcesAt path: String) throws(AppPaletteError) -> AppPalette {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw AppPaletteError("\(path): not an Android res folder")
        }
        guard FileManager.default.fileExists(atPath: path + "/values") else {
            throw AppPaletteError("\(path): has no values folder")
        }
        var visited = 0
        let light = try files(in: path + "/values", visited: &visited)
        let dark = try files(in: path + "/values-night", visited: &visited)
        return try palette(values: light.files, night: dark.files, problems: light.problems + dark.problems)
    }

    /// The palette of values files already read: `values` (the light appearance) and `night`
    /// (the dark one), each a file's path and bytes; `problems` are kept as they are.
    public static func palette(
        values: [(file: String, bytes: [UInt8])], night: [(file: String, bytes: [UInt8])], problems: [String] = []
    ) throws(AppPaletteError) -> AppPalette {
        var palette = AppPalette(platform: .android, problems: problems)
        let light = declarations(in: values, problems: &palette.problems)
        let dark = declarations(in: night, problems: &palette.problems)
        for name in Set(light.keys).union(dark.keys).sorted() {
            guard palette.colors.count < AppPaletteLimits.maximumColors else {
                throw AppPaletteError("more than \(AppPaletteLimits.maximumColors) colours")
            }
            let first = light[name] ?? dark[name]!
            var entry = AppPalette.Entry(name: name, light: nil, dark: nil, file: first.file, line: first.line)
            var unresolved: [String] = []
            if light[name] != nil {
                switch resolve(name, in: light, fallback: [:]) {
                case .success(let color): entry.light = color
                case .failure(let reason): unresolved.append(reason.description)
                }
            }
            if dark[name] != nil {
                switch resolve(name, in: dark, fallback: light) {
                case .success(let color): entry.dark = color
                case .failure(let reason): unresolved.append(reason.description + " (night)")
                }
            }
            entry.unresolved = unresolved.first
            palette.colors[name] = entry
        }
        return palette
    }

    /// A declaration with where it is.
    struct Located {
        let value: String
        let file: String
        let line: Int
    }

    /// The bytes of every XML file in `folder` (none when it does not exist); a file that cannot
    /// be read is a problem.
    static func files(in folder: String, visited: inout Int) throws(AppPaletteError)
        -> (files: [(file: String, bytes: [UInt8])], problems: [String])
    {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return ([], []) }
        var files: [(file: String, bytes: [UInt8])] = []
        var problems: [String] = []
        for name in names.sorted() where name.hasSuffix(".xml") {
            visited += 1
            guard visited <= AppPaletteLimits.maximumEntries else {
                throw AppPaletteError("\(folder): more than \(AppPaletteLimits.maximumEntries) files")
            }
            let file = folder + "/" + name
            guard case .bytes(let bytes) = JSONFile.read(atPath: file, maximumBytes: AppPaletteLimits.maximumXMLBytes)
            else {
                problems.append("\(file): cannot be read, or is larger than \(AppPaletteLimits.maximumXMLBytes) bytes")
                continue
            }
            files.append((file, bytes))
        }
        return (files, problems)
    }

    /// The colour declarations of `files`; a file that cannot be parsed is a problem, and a colour
    /// declared twice is one too.
    static func declarations(in files: [(file: String, bytes: [UInt8])], problems: inout [String]) -> [String: Located]
    {
        var found: [String: Located] = [:]
        for (file, bytes) in files {
            do throws(ValuesXML.Problem) {
                for declaration in try ValuesXML.colors(in: bytes) {
                    if let earlier = found[declaration.name] {
                        problems.append(
                            "\(file):\(declaration.line): colour \(declaration.name) is declared twice (also at \(earlier.file):\(earlier.line)); the first counts"
                        )
                        continue
                    }
                    found[declaration.name] = Located(value: declaration.value, file: file, line: declaration.line)
                }
            } catch {
                problems.append("\(file):\(error.line): \(error.reason)")
            }
        }
        return found
    }

    /// The colour `name` stands for in `declared`, following `@color/` references (in `declared`,
    /// then in `fallback`) at most 16 deep.
    static func resolve(_ name: String, in declared: [String: Located], fallback: [String: Located])
        -> Result<AppColor, AppPaletteError>
    {
        var current = name
        for _ in 0..<16 {
            guard let value = (declared[current] ?? fallback[current])?.value else {
                return .failure(AppPaletteError("@color/\(current) is not declared"))
            }
            if value.hasPrefix("@color/") || value.hasPrefix("@android:color/") {
                if let system = systemColor(value) { return .success(system) }
                if value.hasPrefix("@android:") { return .failure(AppPaletteError("system colour \(value)")) }
                current = String(value.dropFirst("@color/".count))
                continue
            }
            if value.hasPrefix("?") { return .failure(AppPaletteError("theme attribute \(value)")) }
            guard let color = AppColor(hex: value, allowShort: true) else {
                return .failure(AppPaletteError("\"\(value.prefix(40))\" is not #RGB, #ARGB, #RRGGBB or #AARRGGBB"))
            }
            return .success(color)
        }
        return .failure(AppPaletteError("@color/\(name) refers to itself"))
    }

    static func systemColor(_ value: String) -> AppColor? {
        switch value {
        case "@android:color/white": .white
        case "@android:color/black": .black
        case "@android:color/transparent": AppColor(red: 0, green: 0, blue: 0, alpha: 0)
        default: nil
        }
    }
}
