import Foundation
import ScreenJSON

/// The files `screenkit init` writes: a package that builds, checks and publishes with no edits.
struct PackageTemplate {
    /// How the new package depends on ScreenKit.
    enum Dependency: Equatable {
        /// A local checkout, by a path relative to the new package (or absolute).
        case path(String)
        /// A git URL and the version (a tag of that repository) to start from.
        case url(String, from: String)
        /// A git URL and a branch of it, for a repository without the release tag.
        case branch(String, String)
        /// A git URL and one commit of it.
        case revision(String, String)

        /// The package identity SwiftPM derives: the last path component, without `.git`, lowercased.
        var identity: String {
            let text: String
            switch self {
            case .path(let path): text = path
            case .url(let url, _), .branch(let url, _), .revision(let url, _): text = url
            }
            var last = text.split(separator: "/").last.map(String.init) ?? text
            if last.hasSuffix(".git") { last.removeLast(4) }
            return last.lowercased()
        }

        /// The `.package(...)` line.
        var declaration: String {
            switch self {
            case .path(let path): ".package(path: \(swiftString(path)))"
            case .url(let url, let version): ".package(url: \(swiftString(url)), from: \(swiftString(version)))"
            case .branch(let url, let branch): ".package(url: \(swiftString(url)), branch: \(swiftString(branch)))"
            case .revision(let url, let commit):
                ".package(url: \(swiftString(url)), revision: \(swiftString(commit)))"
            }
        }
    }

    /// The package name.
    let name: String
    let dependency: Dependency
    /// The standard version the shipped clients know: the history starts there, and so does `minContract`.
    let standard: Int
    /// Whether the workflow publishes the build to a bucket (`false`: `init --no-publish`, for
    /// screens served by a Swift server only).
    var publishes = true

    /// Every file, by path relative to the package root.
    var files: [String: String] {
        [
            "Package.swift": packageManifest,
            "screenkit.json": config,
            ".gitignore": ".build/\n.build-*\n.swiftpm/\nPackage.resolved\ndist/\npreview/\nedge/\n",
            ".gitattributes": gitAttributes,
            ".github/workflows/screens.yml": workflow,
            ".github/dependabot.yml": dependabot,
            "README.md": readme,
            "Sources/screenkit/main.swift":
                "import ScreenKitCLI\nimport Screens\n\nawait CLI.main(catalog: App.catalog)\n",
            "Screens/App.swift": app,
            "Screens/WelcomeScreen.swift": welcomeScreen,
            "Screens/Components/Banner.swift": banner,
            "Screens/Strings/README.md": stringsReadme,
        ]
    }

    var packageManifest: String {
        let package = dependency.identity
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: \(swiftString(name)),
                platforms: [.macOS(.v13)],
                products: [
                    // `swift run screenkit …`: the ScreenKit command line linked with these screens.
                    .executable(name: "screenkit", targets: ["ScreensCLI"])
                ],
                dependencies: [
                    \(dependency.declaration)
                ],
                targets: [
                    // The screens and the app's own components. Screens/Contract holds the frozen
                    // contract history and exemptions, Screens/Strings the String Catalogs
                    // (.xcstrings): data for the gate, not sources.
                    .target(
                        name: "Screens",
                        dependencies: [.product(name: "ScreenKit", package: \(swiftString(package)))],
                        path: "Screens",
                        exclude: ["Contract", "Strings"]
                    ),
                    // The executable behind the `screenkit` product.
                    .executableTarget(
                        name: "ScreensCLI",
                        dependencies: ["Screens", .product(name: "ScreenKitCLI", package: \(swiftString(package)))],
                        path: "Sources/screenkit"
                    ),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    var stringsReadme: String {
        """
        # String Catalogs

        Put the screens' String Catalogs here (`Localizable.xcstrings`, or one per table) and list them
        in `screenkit.json`: `"strings": ["Screens/Strings/Localizable.xcstrings"]`. The package leaves
        this folder out of the Swift target, so SwiftPM does not ask what to do with them.

        """
    }

    var config: String {
        """
        {
          "format": 1,
          "contract": "Screens/Contract",
          "output": "dist",
          "preview": "preview",
          "minContract": \(standard)
        }

        """
    }

    var app: String {
        """
        import ScreenKit

        /// Every component, action kind and screen of the app.
        public enum App {
            /// The catalog the `screenkit` command builds, checks and publishes.
            public static let catalog = Catalog(
                components: StandardCatalog.components + [Banner.self],
                screens: [WelcomeScreen.screen]
            )
        }

        """
    }

    var welcomeScreen: String {
        """
        import ScreenKit

        /// The first screen: a banner, a greeting and a button.
        enum WelcomeScreen {
            static let screen = Screen("welcome", title: "Welcome") {
                Column(id: "content", spacing: 16, alignment: .leading) {
                    Banner("New in this release", message: "Screens now come from the server.", id: "whats-new")
                    Text("Welcome", id: "greeting").style(.largeTitle)
                    Button("Get started", id: "get-started", action: .openURL("https://example.com/start"))
                }
                .padding(20)
            }
        }

        """
    }

    var banner: String {
        """
        import ScreenKit

        /// The app's own component: a headline with an optional message. Clients that predate it get a card.
        public struct Banner: Component {
            /// `banner`: headline (required, non-empty), message (optional); falls back to a card.
            public static let schema = ComponentSchema(
                type: "banner",
                props: [
                    .required("headline", .string, nonEmpty: true),
                    .optional("message", .string),
                ],
                fallback: .node
            )

            /// The node.
            public var node: Node

            /// A banner; clients without `banner` render a card with the same texts. The caller's
            /// file and line go to the fallback too, so its diagnostics point at the screen.
            public init(
                _ headline: String,
                message: String? = nil,
                id: String? = nil,
                file: String = #filePath,
                line: Int = #line,
                column: Int = #column
            ) {
                let fallback = Card(file: file, line: line, column: column) {
                    Text(headline, file: file, line: line, column: column).style(.headline)
                    if let message {
                        Text(message, file: file, line: line, column: column)
                    }
                }
                node = Self.makeNode(
                    id: id,
                    props: .set(["headline": .string(headline), "message": message.map { .string($0) }]),
                    fallback: .node(fallback.node),
                    source: SourceLocation(file: file, line: line, column: column)
                )
            }
        }

        """
    }

    var readme: String {
        """
        # \(name)

        Server-driven screens written in Swift with ScreenKit.

        ```sh
        swift run screenkit build            # validate and write dist/
        swift run screenkit check            # the contract gate (run it in CI)
        swift run screenkit contract diff    # what changed since the newest frozen version
        swift run screenkit contract freeze  # freeze the next version after review; commit it
        swift run screenkit preview          # HTML previews per client version, in preview/
        ```

        - `Screens/`: the screens and the app's own components (`Screens/App.swift` lists them).
        - `Screens/Contract/history/`: the frozen contract versions. It starts from standard
          version \(standard), the vocabulary the shipped clients decode. Never edit these files.
        - `screenkit.json`: where the contract, output and preview live; flags override it.
        - `.github/workflows/screens.yml`: CI. On a pull request, the contract gate against the base
          branch (annotations) and the review report as the job summary; on the default branch,
          \(publishes ? "`build`, and `publish` when the repository variable `SCREENKIT_BUCKET` is set." : "`build` (this package publishes to no bucket).")
          Its actions are pinned to release commits; `.github/dependabot.yml` proposes new ones.
        - `.gitattributes`: keeps `Screens/Contract/` byte-exact on every checkout (no CRLF
          conversion), which the hash-chained history needs.

        """
    }
}

/// A Swift string literal of `text`.
private func swiftString(_ text: String) -> String {
    let escaped = ScalarEscaping.escape(text) { scalar in
        switch scalar {
        case "\"": "\\\""
        case "\\": "\\\\"
        case "\n": "\\n"
        default: nil
        }
    }
    return "\"" + escaped + "\""
}
