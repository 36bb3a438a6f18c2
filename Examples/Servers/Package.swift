// swift-tools-version: 6.0
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder: the ScreenKit checkout two levels up.
let screenKit = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent.lowercased()

// ScreenKit inside real servers: the example app's screens served per request by Hummingbird 2 and
// by Vapor 4, both through ScreenKit's framework-neutral `ScreenResponse`. A package of its own, so
// that ScreenKit itself keeps depending on the Swift toolchain only.
let package = Package(
    name: "ScreenKitServers",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // What both servers share beyond the framework glue: the command line and the routes'
        // decisions, all in terms of ScreenKit's framework-neutral types; and the contract-health
        // metrics through swift-metrics with a Prometheus backend, and swift-log.
        .target(
            name: "ServerSupport",
            dependencies: [
                .product(name: "ScreenKit", package: screenKit),
                .product(name: "ScreenRendering", package: screenKit),
                .product(name: "ExampleScreens", package: screenKit),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        .executableTarget(
            name: "HummingbirdServer",
            dependencies: [
                "ServerSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .executableTarget(
            name: "VaporServer",
            dependencies: ["ServerSupport", .product(name: "Vapor", package: "vapor")]),
    ],
    swiftLanguageModes: [.v6]
)
