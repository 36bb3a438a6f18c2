import ScreenDesign
import ScreenKit

/// Compares the tokens screens use with the app's own colours, per platform: a token the app
/// lacks, a literal fallback that looks different from the app's colour, a token without a dark
/// value. Each is reported at the token's declaration.
enum AppColorRules {
    /// The problems of `catalog`'s tokens against `options`' palettes.
    static func validate(_ catalog: Catalog, screens: [Screen], options: DesignOptions) -> [Diagnostic] {
        let uses = TokenUses.collect(in: screens, catalog: catalog)
        var diagnostics: [Diagnostic] = []
        for palette in options.palettes {
            for problem in palette.problems {
                diagnostics.append(DesignRules.appColorsInvalid.diagnostic(problem, severity: .warning, at: nil))
            }
            let platform = palette.platform == .iOS ? "the iOS Asset Catalog" : "the Android resources"
            for name in uses.keys.sorted() {
                guard let token = catalog.token(name) else { continue }
                let names = options.names.name(of: name, on: palette.platform)
                let path = "token:\(name)"
                let usedAt = uses[name].map { " (used at \($0))" } ?? ""
                func missing(_ asset: String, _ what: String) -> Diagnostic {
                    let how = palette.colors[asset] == nil ? "is not a colour in" : "declares no value in"
                    return DesignRules.tokenMissingInApp.diagnostic(
                        "token \"\(name)\"\(usedAt): \(what)\"\(asset)\" \(how) \(platform); clients that know the token draw nothing for it",
                        at: token.source, path: path)
                }
                guard let entry = palette.colors[names.light], entry.hasValue else {
                    diagnostics.append(missing(names.light, names.dark == nil ? "" : "its light colour "))
                    continue
                }
                var appearances = [
                    (appearance: "light", asset: names.light, color: entry.light ?? entry.dark, entry: entry)
                ]
                if let darkName = names.dark {
                    // Material 3's separate names: the dark colour is a colour of its own.
                    guard let dark = palette.colors[darkName], dark.hasValue else {
                        diagnostics.append(missing(darkName, "its dark colour "))
                        continue
                    }
                    appearances.append(("dark", darkName, dark.dark ?? dark.light, dark))
                } else {
                    appearances.append(("dark", names.light, entry.dark, entry))
                }
                // A system colour or theme attribute cannot be compared.
                guard appearances.allSatisfy({ $0.entry.unresolved == nil }) else { continue }
                for (appearance, asset, app, declared) in appearances {
                    guard let app, let literal = AppColor(literal: token.literal(appearance == "dark" ? .dark : .light))
                    else { continue }
                    let difference = ColorDifference.deltaE(
                        app.composited(over: .white), literal.composited(over: .white))
                    guard difference > options.tolerance else { continue }
                    diagnostics.append(
                        DesignRules.tokenDiffersInApp.diagnostic(
                            "token \"\(name)\": \"\(asset)\" in \(platform) is \(app) in the \(appearance) appearance, ΔE₀₀ "
                                + "\(Self.figure(difference)) from the token's \(literal.hex) (tolerance \(Self.figure(options.tolerance))): "
                                + "clients without the token draw another colour (\(declared.location))",
                            severity: .warning, at: token.source, path: path))
                }
                if appearances[1].color == nil, let light = appearances[0].color {
                    diagnostics.append(
                        DesignRules.tokenDarkMissing.diagnostic(
                            "token \"\(name)\": \"\(names.light)\" in \(platform) has no dark value, so dark mode draws \(light) (\(entry.location))",
                            severity: .warning, at: token.source, path: path))
                }
            }
        }
        return diagnostics
    }

    /// One decimal.
    static func figure(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }
}

extension AppPalette.Entry {
    /// Whether the app declares a value for it, or one that cannot be resolved.
    fileprivate var hasValue: Bool { light != nil || dark != nil || unresolved != nil }
}
