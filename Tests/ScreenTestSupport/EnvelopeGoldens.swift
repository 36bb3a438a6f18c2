import ScreenCompiler

/// Every envelope of a compiled catalog, named as golden files: `<id>.json` (full), `<id>@<k>.json`
/// (the variant for clients of contract k), and for each other arm combination the same with the
/// arms after a `+` (`faq+b.json`, `faq+b@2.json`).
public enum EnvelopeGoldens {
    /// (file name, bytes) for every envelope of `result`'s screens.
    public static func files(of result: CompileResult) -> [(name: String, bytes: [UInt8])] {
        var files: [(String, [UInt8])] = []
        for screen in result.screens {
            files.append(("\(screen.id).json", screen.full))
            for variant in screen.variants { files.append(("\(screen.id)@\(variant.contract).json", variant.envelope)) }
            for combination in screen.combinations.dropFirst() {
                let arms = combination.arms.keys.sorted().map { combination.arms[$0]! }.joined(separator: "+")
                files.append(("\(screen.id)+\(arms).json", combination.full))
                for variant in combination.variants {
                    files.append(("\(screen.id)+\(arms)@\(variant.contract).json", variant.envelope))
                }
            }
        }
        return files
    }
}
