import Foundation
import ScreenCompiler
import ScreenJSON
import ScreenLocalization

/// The String Catalogs `screenkit.json` names, read for the commands that compile screens.
enum StringCatalogFiles {
    /// The localization the config sets up, or nil when it names no catalog.
    ///
    /// A missing or unreadable catalog is an I/O error (exit 3), a malformed one a violation
    /// (exit 1), a locale without plural rules or two catalogs of one table a config error (exit 2).
    static func load(_ config: ProjectConfig?) throws(CommandError) -> LocalizationOptions? {
        guard let config, !config.strings.isEmpty else { return nil }
        let files = try read(config)
        do {
            let translations = try Translations(
                tables: Dictionary(uniqueKeysWithValues: files.map { ($0.table, $0.catalog) }), locales: config.locales)
            return LocalizationOptions(
                translations: translations, untranslated: config.untranslatedIsWarning ? .warning : .error,
                paths: Dictionary(uniqueKeysWithValues: files.map { ($0.table, $0.path) }))
        } catch {
            throw .usage("\(config.path): \(error.description)")
        }
    }

    /// One catalog the config names: its table, path, exact bytes and what they hold.
    struct File {
        let table: String
        let path: String
        let bytes: [UInt8]
        let catalog: StringCatalog
    }

    /// Every catalog the config names, in its order, each read (bounded) and decoded; errors as
    /// for ``load(_:)``.
    static func read(_ config: ProjectConfig) throws(CommandError) -> [File] {
        var files: [File] = []
        for path in config.strings {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard name.hasSuffix(".xcstrings"), name.count > ".xcstrings".count else {
                throw .usage("\(config.path): \"strings\" names \(path), which is not a .xcstrings String Catalog")
            }
            let table = String(name.dropLast(".xcstrings".count))
            if let other = files.first(where: { $0.table == table }) {
                throw .usage(
                    "\(config.path): \"strings\" names two catalogs of table \"\(table)\": \(other.path) and \(path)")
            }
            let bytes: [UInt8]
            switch JSONFile.read(atPath: path, maximumBytes: StringCatalogLimits.maximumFileBytes) {
            case .missing: throw .failure("\(path): the String Catalog named in \(config.path) does not exist")
            case .unreadable: throw .failure("\(path): cannot read the String Catalog")
            case .tooLarge(let size):
                throw CommandError(
                    message:
                        "\(path): \(size) bytes; a String Catalog may hold at most \(StringCatalogLimits.maximumFileBytes)",
                    code: .violations)
            case .bytes(let read): bytes = read
            }
            do {
                files.append(
                    File(table: table, path: path, bytes: bytes, catalog: try StringCatalog.decode(bytes, path: path)))
            } catch {
                throw CommandError(message: error.description, code: .violations)
            }
        }
        return files
    }
}
