// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ScreenKit",
    platforms: [.macOS(.v13)],
    products: [
        // What an adopting package imports: the DSL for its screens, the command line for its
        // `screenkit` executable, and the libraries a server uses to compile and serve screens.
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "ScreenKitCLI", targets: ["ScreenKitCLI"]),
        .library(name: "ScreenContract", targets: ["ScreenContract"]),
        .library(name: "ScreenCompiler", targets: ["ScreenCompiler"]),
        .library(name: "ScreenClients", targets: ["ScreenClients"]),
        .library(name: "ScreenJSON", targets: ["ScreenJSON"]),
        .library(name: "ScreenPublish", targets: ["ScreenPublish"]),
        .library(name: "ScreenPreview", targets: ["ScreenPreview"]),
        .library(name: "ScreenRendering", targets: ["ScreenRendering"]),
        .library(name: "ScreenEdge", targets: ["ScreenEdge"]),
        .library(name: "ScreenLocalization", targets: ["ScreenLocalization"]),
        .library(name: "ScreenDesign", targets: ["ScreenDesign"]),
        .library(name: "ScreenAnalytics", targets: ["ScreenAnalytics"]),
        // The example app's screens, for the example servers under Examples/ (not for adopters).
        .library(name: "ExampleScreens", targets: ["ExampleScreens"]),
    ],
    targets: [
        // DSL, node tree, component schemas and the standard catalog.
        .target(name: "ScreenKit"),
        // SHA-256 and HMAC-SHA256, written here: the Linux toolchain ships no crypto library.
        .target(name: "ScreenCrypto"),
        // The one deterministic JSON writer every emitted byte goes through.
        .target(name: "ScreenJSON"),
        // The contract model, its frozen hash-chained history and the additive-only rules.
        .target(name: "ScreenContract", dependencies: ["ScreenKit", "ScreenCrypto", "ScreenJSON"]),
        // Validation, downleveling and envelopes.
        .target(
            name: "ScreenCompiler",
            dependencies: [
                "ScreenKit", "ScreenCrypto", "ScreenJSON", "ScreenContract", "ScreenLocalization", "ScreenDesign",
            ]),
        // Client artifacts: the JSON Schemas of each contract version and its decoders in Swift,
        // TypeScript and Kotlin, written from the frozen history; the build publishes them.
        .target(name: "ScreenClients", dependencies: ["ScreenKit", "ScreenContract", "ScreenCompiler", "ScreenJSON"]),
        // Buckets (a directory or any S3-compatible store), SigV4 and the publish protocol (the
        // edge router published beside the manifest).
        .target(name: "ScreenPublish", dependencies: ["ScreenCompiler", "ScreenCrypto", "ScreenJSON", "ScreenEdge"]),
        // Request-time rendering inside a server: a renderer loaded once, contract negotiation,
        // per-request validation and a framework-neutral response.
        .target(
            name: "ScreenRendering",
            dependencies: [
                "ScreenKit", "ScreenContract", "ScreenCompiler", "ScreenJSON", "ScreenCrypto", "ScreenLocalization",
                "ScreenAnalytics",
            ]),
        // Localization: Xcode String Catalogs (.xcstrings) read as Xcode writes them, and CLDR's
        // plural rules.
        .target(name: "ScreenLocalization", dependencies: ["ScreenJSON"]),
        // The app's design system: colours read from Xcode Asset Catalogs and Android resources as
        // those tools write them, and the colour math of contrast (WCAG 2.2) and difference (CIEDE2000).
        .target(name: "ScreenDesign", dependencies: ["ScreenJSON"]),
        .target(
            name: "ScreenEdge", dependencies: ["ScreenCompiler", "ScreenCrypto", "ScreenJSON"],
            // The routers' JavaScript, embedded by Scripts/embed-javascript.py as EdgeScriptSource.swift.
            exclude: ["JavaScript"]),
        // Experiment reports: exposures and events exported as JSON Lines, read in bounded chunks,
        // and the statistics of an A/B test (conversion, intervals, lift, z-test, sample ratio).
        .target(name: "ScreenAnalytics", dependencies: ["ScreenJSON"]),
        // Static HTML previews of every screen as each supported client version renders it.
        .target(name: "ScreenPreview", dependencies: ["ScreenCompiler", "ScreenKit", "ScreenJSON"]),
        // Argument parsing, commands and output formats: a thin front end over the libraries.
        .target(
            name: "ScreenKitCLI",
            dependencies: [
                "ScreenKit", "ScreenJSON", "ScreenContract", "ScreenCompiler", "ScreenClients", "ScreenPublish",
                "ScreenPreview", "ScreenLocalization", "ScreenCrypto", "ScreenEdge", "ScreenAnalytics", "ScreenDesign",
                "ScreenRendering",
            ]),
        // The example app's screens and custom components; its frozen contract history lives in
        // Screens/Contract.
        .target(
            name: "ExampleScreens", dependencies: ["ScreenKit", "ScreenCompiler"], path: "Screens",
            exclude: ["Contract", "Profiles", "Localizable.xcstrings"]),
        // Example apps whose shipped clients read other JSON shapes (wire profiles), each with its
        // own two-version history in Screens/Profiles/<App>/Contract.
        .target(
            name: "ExampleProfiles", dependencies: ["ScreenKit"], path: "Screens/Profiles",
            exclude: [
                "Widgets/Contract", "ComponentSpec/Contract", "Composition/Contract", "Layouts/Contract",
                "Route/Contract",
            ]),
        // The `screenkit` command: the CLI linked with the app's screens.
        .executableTarget(name: "screenkit", dependencies: ["ScreenKitCLI", "ExampleScreens"]),
        // The request-time rendering example: the orders screen per customer and contract version.
        .executableTarget(name: "render-example", dependencies: ["ScreenRendering", "ExampleScreens"]),
        // Benchmarks: emit throughput against JSONEncoder (and orjson via Benchmarks/), publish cost,
        // reading a String Catalog against JSONSerialization.
        .executableTarget(
            name: "screenkit-bench",
            dependencies: [
                "ScreenKit", "ScreenJSON", "ScreenContract", "ScreenCompiler", "ScreenPublish", "ScreenRendering",
                "ScreenLocalization", "ExampleScreens",
            ]),
        // Helpers the test targets share: golden files with line diffs, a seeded generator.
        .target(
            name: "ScreenTestSupport",
            dependencies: [
                "ScreenCompiler", "ScreenContract", "ScreenJSON", "ScreenKit", "ScreenLocalization", "ExampleScreens",
                "ScreenEdge", "ScreenRendering", "ScreenCrypto", "ScreenAnalytics",
            ],
            path: "Tests/ScreenTestSupport"),
        .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit", "ExampleScreens"]),
        .testTarget(name: "ScreenCryptoTests", dependencies: ["ScreenCrypto"]),
        .testTarget(
            name: "ScreenAnalyticsTests",
            dependencies: [
                "ScreenAnalytics", "ScreenJSON", "ScreenKit", "ScreenKitCLI", "ScreenTestSupport", "ExampleScreens",
            ]),
        .testTarget(
            name: "ScreenLocalizationTests", dependencies: ["ScreenLocalization", "ScreenJSON", "ScreenTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ScreenDesignTests", dependencies: ["ScreenDesign", "ScreenJSON", "ScreenTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ScreenRenderingTests",
            dependencies: [
                "ScreenRendering", "ScreenCompiler", "ScreenContract", "ScreenCrypto", "ScreenKit", "ExampleScreens",
                "ScreenTestSupport",
            ]),
        .testTarget(
            name: "ScreenKitBenchTests", dependencies: ["screenkit-bench", "ScreenRendering", "ExampleScreens"]),
        // The example servers of Examples/Servers (Hummingbird 2, Vapor 4), built and exercised over HTTP.
        .testTarget(
            name: "ExampleServerTests",
            dependencies: ["ScreenRendering", "ScreenCompiler", "ExampleScreens", "ScreenTestSupport", "ScreenKitCLI"]),
        .testTarget(
            name: "ScreenPublishTests",
            dependencies: [
                "ScreenPublish", "ScreenCompiler", "ScreenContract", "ScreenCrypto", "ScreenKit", "ScreenKitCLI",
                "ExampleScreens", "ScreenTestSupport", "ScreenEdge", "ScreenRendering",
            ]),
        .testTarget(
            name: "ScreenPreviewTests",
            dependencies: [
                "ScreenPreview", "ScreenCompiler", "ScreenContract", "ScreenKit", "ScreenLocalization",
                "ExampleScreens", "ExampleProfiles",
                "ScreenTestSupport",
            ]),
        .testTarget(name: "ScreenJSONTests", dependencies: ["ScreenJSON", "ScreenTestSupport"]),
        .testTarget(
            name: "ScreenEdgeTests",
            dependencies: [
                "ScreenEdge", "ScreenCompiler", "ScreenRendering", "ScreenKit", "ExampleScreens", "ScreenTestSupport",
                "ScreenAnalytics", "ScreenCrypto",
            ]),
        // The documentation: the DocC catalogs build without warnings, and every Swift block of the
        // README and the articles is an excerpt of code that compiles (Snippets/ here, or the
        // example sources) or a file `screenkit init` writes.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "ScreenKit", "ScreenRendering", "ScreenKitCLI", "ExampleScreens", "ExampleProfiles",
                "ScreenTestSupport",
            ]),
        .testTarget(
            name: "ClientArtifactTests",
            dependencies: [
                "ScreenCompiler", "ScreenClients", "ScreenContract", "ScreenJSON", "ScreenKit", "ScreenKitCLI",
                "ExampleScreens",
                "ScreenTestSupport",
            ]),
        .testTarget(
            name: "WireProfileTests",
            dependencies: [
                "ScreenCompiler", "ScreenClients", "ScreenContract", "ScreenCrypto", "ScreenKit", "ScreenJSON",
                "ScreenRendering",
                "ScreenKitCLI", "ExampleScreens",
                "ExampleProfiles", "ScreenTestSupport",
            ]),
        .testTarget(
            name: "ScreenContractTests", dependencies: ["ScreenContract", "ScreenKit", "ScreenCrypto", "ScreenJSON"]),
        .testTarget(
            name: "ScreenCompilerTests",
            dependencies: [
                "ScreenCompiler", "ScreenContract", "ScreenCrypto", "ScreenJSON", "ScreenKit", "ExampleScreens",
                "ScreenTestSupport", "ScreenLocalization",
            ]),
        .testTarget(
            name: "ScreenKitCLITests",
            dependencies: [
                "ScreenKitCLI", "ScreenCompiler", "ScreenClients", "ScreenContract", "ScreenCrypto", "ScreenJSON",
                "ExampleScreens",
                "ScreenTestSupport", "ScreenEdge", "ScreenAnalytics",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
