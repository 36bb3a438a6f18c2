// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided libFuzzer targets for every reader of user- or bucket-written bytes: one
// executable per reader, each exporting `LLVMFuzzerTestOneInput`. A package of its own so that
// ScreenKit's build never sees the sanitizer flags. Build and run them with `Fuzz/run.sh`.

/// The fuzz targets: each one's name and the ScreenKit products it reads with.
let readers: [(name: String, products: [String])] = [
    ("fuzz-contract-file", ["ScreenContract"]),
    ("fuzz-history", ["ScreenContract"]),
    ("fuzz-history-folder", ["ScreenContract"]),
    ("fuzz-exemptions", ["ScreenContract"]),
    ("fuzz-sunsets", ["ScreenContract"]),
    ("fuzz-config", ["ScreenKitCLI"]),
    ("fuzz-installs", ["ScreenKitCLI"]),
    ("fuzz-pointer", ["ScreenCompiler", "ScreenEdge", "ScreenPublish"]),
    ("fuzz-manifest", ["ScreenCompiler"]),
    ("fuzz-string-catalog", ["ScreenLocalization"]),
    ("fuzz-accept-language", ["ScreenLocalization"]),
    ("fuzz-event-batch", ["ScreenRendering", "ScreenContract", "ScreenJSON", "ScreenKit"]),
    ("fuzz-experiment-export", ["ScreenAnalytics"]),
    ("fuzz-response-record", ["ScreenAnalytics"]),
    ("fuzz-health", ["ScreenAnalytics", "ScreenRendering"]),
    ("fuzz-counts-file", ["ScreenAnalytics"]),
    ("fuzz-colorset", ["ScreenDesign"]),
    ("fuzz-android-colors", ["ScreenDesign"]),
]

let package = Package(
    name: "ScreenKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        // ScreenKit itself, the checkout this folder is in (named, so the folder's name does not matter).
        .package(name: "ScreenKit", path: "..")
    ],
    targets: [
        // What the targets share: splitting one input into several files.
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
        // libFuzzer's driver called from Swift's `main`: SwiftPM renames every executable's
        // entry point, so libFuzzer's own `main` cannot be the program's.
        .target(name: "CFuzzerDriver"),
    ]
        + readers.map { reader in
            .executableTarget(
                name: reader.name,
                dependencies: ["FuzzSupport"] + reader.products.map { .product(name: $0, package: "ScreenKit") })
        },
    swiftLanguageModes: [.v6]
)
