// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ScreenKit",
    products: [
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "ScreenKitCLI", targets: ["ScreenKitCLI"]),
        .executable(name: "screenkit", targets: ["screenkit"]),
    ],
    targets: [
        // DSL, node tree, component schemas and the standard catalog.
        .target(name: "ScreenKit"),
        // SHA-256 and HMAC-SHA256, written here: the Linux toolchain ships no crypto library.
        .target(name: "ScreenCrypto"),
        // Validation, downleveling, the deterministic JSON writer and envelopes.
        .target(name: "ScreenCompiler", dependencies: ["ScreenKit", "ScreenCrypto"]),
        // Argument parsing, commands and output formats: a thin front end over the libraries.
        .target(name: "ScreenKitCLI", dependencies: ["ScreenKit", "ScreenCompiler"]),
        // The example app's screens and custom components.
        .target(name: "Screens", dependencies: ["ScreenKit"], path: "Screens"),
        // The `screenkit` command: the CLI linked with the app's screens.
        .executableTarget(name: "screenkit", dependencies: ["ScreenKitCLI", "Screens"]),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit", "Screens"]),
        .testTarget(name: "ScreenCryptoTests", dependencies: ["ScreenCrypto"]),
        .testTarget(name: "ScreenCompilerTests", dependencies: ["ScreenCompiler", "ScreenKit", "Screens"]),
        .testTarget(name: "ScreenKitCLITests", dependencies: ["ScreenKitCLI", "ScreenCompiler", "Screens"]),
    ],
    swiftLanguageModes: [.v6]
)
