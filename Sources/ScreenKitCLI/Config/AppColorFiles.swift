import Foundation
import ScreenCompiler
import ScreenDesign
import ScreenKit

/// The app's colours `screenkit.json` names (`assetCatalogs`, `androidResources`), read for the
/// commands that compile screens, and the rules it raises to errors (`errors`).
enum AppColorFiles {
    /// The design options the config sets up, or nil when it names no colours. A folder that is
    /// missing or cannot be read is an I/O error (exit 3); nothing is ever written to it.
    static func load(_ config: ProjectConfig?) throws(CommandError) -> DesignOptions? {
        guard let config, !config.assetCatalogs.isEmpty || !config.androidResources.isEmpty else { return nil }
        var palettes: [AppPalette] = []
        for path in config.assetCatalogs {
            guard path.hasSuffix(".xcassets") else {
                throw .usage("\(config.path): \"assetCatalogs\" names \(path), which is not an .xcassets Asset Catalog")
            }
            do {
                palettes.append(try AssetCatalogReader.read(catalogAt: path))
            } catch {
                throw .failure("\(error.description) (named in \(config.path))")
            }
        }
        for path in config.androidResources {
            do {
                palettes.append(try AndroidColorsReader.read(resourcesAt: path))
            } catch {
                throw .failure("\(error.description) (named in \(config.path))")
            }
        }
        return DesignOptions(
            palettes: palettes, names: names(config),
            tolerance: config.colorTolerance ?? ColorDifference.defaultTolerance)
    }

    /// The name of each token's colour per platform, as the config maps them (none without one).
    static func names(_ config: ProjectConfig?) -> AppColorNames {
        guard let config else { return [:] }
        return [.iOS: config.iosColorNames, .android: config.androidColorNames]
    }

    /// The rules the config raises to errors; a rule that is not one, or is an error already, is a
    /// usage error (exit 2).
    static func raisedRules(_ config: ProjectConfig?) throws(CommandError) -> Set<String> {
        guard let config else { return [] }
        let raisable = Set(DesignRules.all.map(\.id) + AccessibilityRules.all.map(\.id))
        for rule in config.errors where !raisable.contains(rule) {
            throw .usage(
                "\(config.path): \"errors\" names \(rule), which is not a rule that warns (\(raisable.sorted().joined(separator: ", ")))"
            )
        }
        return Set(config.errors)
    }
}
