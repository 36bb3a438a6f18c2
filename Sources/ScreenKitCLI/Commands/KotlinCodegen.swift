import ScreenClients
import ScreenCompiler
import ScreenContract
import ScreenKit

/// `screenkit contract codegen kotlin`: the Kotlin model of one frozen version.
enum KotlinCodegen {
    /// The source of `frozen`'s Kotlin model in `profile`, in the package `--package` names, its
    /// colour tokens carrying the app's colour names `colorNames` gives.
    static func source(
        _ frozen: FrozenVersion, _ profile: WireProfile, _ arguments: Arguments, colorNames: AppColorNames
    ) throws(CommandError) -> String {
        let package = arguments.value("--package") ?? KotlinClientModel.defaultPackage(version: frozen.version)
        guard KotlinClientModel.isPackageName(package) else {
            throw .usage("--package \(package) is not a Kotlin package name (dot-separated identifiers)")
        }
        return KotlinClientModel.source(
            frozen.contract, version: frozen.version, sha256: frozen.sha256, package: package, profile: profile,
            colorNames: colorNames)
    }
}
