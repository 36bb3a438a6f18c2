import Foundation
import ScreenContract

/// `screenkit init DIR`: scaffold a new package of screens that builds and passes the gate as written.
enum InitCommand {
    static let command = Command(
        name: "init",
        summary: "Create a new package of screens, with a config and a contract history.",
        help: """
            OVERVIEW: Write a new Swift package in DIR that builds and passes `check` with no edits:
            Package.swift depending on ScreenKit, a `Screens` target with one screen and one custom
            component, the `screenkit` executable, screenkit.json, .gitignore, .gitattributes, a
            GitHub Actions workflow, a README and a contract history started from the standard
            version your shipped clients know.

              Package.swift                     depends on ScreenKit (a path or a URL)
              screenkit.json                    the project config (contract, output, minContract)
              Sources/screenkit/main.swift      the command line linked with your screens
              Screens/App.swift                 the catalog: components and screens
              Screens/WelcomeScreen.swift       an example screen
              Screens/Components/Banner.swift   an example custom component with a fallback
              Screens/Contract/history/*.json   standard versions 1…K, byte for byte
              .github/workflows/screens.yml     CI: the gate and review report on pull requests;
                                                build (and publish) on the default branch
              .gitattributes                    keeps Screens/Contract byte-exact on checkout

            DIR must not exist or be empty; nothing is written unless everything is.

            USAGE: screenkit init DIR [--name NAME] [--standard K]
                                      [--screenkit-path PATH | --screenkit-url URL [--screenkit-version V]]

            OPTIONS:
              --name NAME             The package name (default: DIR's last component).
              --standard K            The standard contract version the shipped clients decode
                                      (default 1: the original vocabulary; \(StandardBaseline.latest) is today's).
              --screenkit-path PATH   Depend on a ScreenKit checkout by path (written relative to DIR).
              --screenkit-url URL     Depend on ScreenKit by git URL …
              --screenkit-version V   … from version V (default \(CLI.version)).
              -h, --help              Show this help.

            Without --screenkit-path or --screenkit-url, the package depends by path on the
            ScreenKit checkout this screenkit was built from, when it still exists.
            Then: cd DIR && swift run screenkit build && swift run screenkit check
            """,
        valueOptions: ["--name", "--standard", "--screenkit-path", "--screenkit-url", "--screenkit-version"],
        flags: [],
        usesConfig: false,
        run: run
    )

    /// The root of the ScreenKit checkout this binary was compiled from.
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: Arguments, _ context: CommandContext) async throws(CommandError) -> ExitCode {
        guard let target = arguments.positional.first else { throw .usage("init needs a folder: screenkit init DIR") }
        guard arguments.positional.count == 1 else { throw .usage("unexpected argument '\(arguments.positional[1])'") }
        let folder = context.url(target).standardizedFileURL
        let name = arguments.value("--name") ?? folder.lastPathComponent
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "\"" && $0 != "\\" }) else {
            throw .usage("--name must be a plain ASCII package name")
        }
        let standardText = arguments.value("--standard") ?? "1"
        guard let standard = Int(standardText), StandardBaseline.file(standard) != nil else {
            throw .usage("--standard \(standardText) is not a standard version (1 to \(StandardBaseline.latest))")
        }
        let dependency = try dependency(arguments, folder: folder, context)
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .failure("\(folder.path) exists and is not a folder") }
            let entries = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard entries.isEmpty else {
                throw .failure("\(folder.path) is not empty; init writes only into a new or empty folder")
            }
        }
        let template = PackageTemplate(name: name, dependency: dependency, standard: standard)
        let staging = folder.deletingLastPathComponent().appendingPathComponent(
            ".\(folder.lastPathComponent).init-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
            for (path, text) in template.files {
                let url = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try ContractFreezer.start(
                in: staging.appendingPathComponent("Screens/Contract/history"), standard: standard)
            if fileManager.fileExists(atPath: folder.path) { try fileManager.removeItem(at: folder) }
            try fileManager.moveItem(at: staging, to: folder)
        } catch {
            try? fileManager.removeItem(at: staging)
            throw .failure("cannot write \(folder.path): \(error.localizedDescription); nothing was written")
        }
        let display = DiagnosticFormatter(workingDirectory: context.workingDirectory).relative(folder.path)
        context.terminal.print(
            """
            created package \(name) in \(display)/ (ScreenKit: \(dependency.declaration); history: standard versions 1–\(standard))
            next:
              cd \(display)
              swift run screenkit build     # compile Screens/ into dist/
              swift run screenkit check     # the contract gate; run it in CI
              git init && git add -A && git commit -m "Start screens"
            """)
        return .success
    }

    private static func dependency(_ arguments: Arguments, folder: URL, _ context: CommandContext)
        throws(CommandError) -> PackageTemplate.Dependency
    {
        let path = arguments.value("--screenkit-path")
        let url = arguments.value("--screenkit-url")
        if path != nil && url != nil { throw .usage("give --screenkit-path or --screenkit-url, not both") }
        if arguments.value("--screenkit-version") != nil && url == nil {
            throw .usage("--screenkit-version applies to --screenkit-url only")
        }
        if let url {
            guard url.contains("/"), !url.contains("\"") else {
                throw .usage("--screenkit-url \(url) is not a git URL")
            }
            return .url(url, from: arguments.value("--screenkit-version") ?? CLI.version)
        }
        let checkout = path.map { context.url($0).standardizedFileURL } ?? builtFrom
        guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) else {
            if path == nil {
                throw .usage(
                    "this screenkit was not built from a checkout that still exists; name ScreenKit with --screenkit-path PATH or --screenkit-url URL"
                )
            }
            throw .failure("--screenkit-path \(path ?? ""): no Package.swift in \(checkout.path)")
        }
        return .path(relativePath(from: folder, to: checkout))
    }

    /// `target` relative to `base` (both absolute, standardized).
    static func relativePath(from base: URL, to target: URL) -> String {
        let from = base.pathComponents
        let to = target.pathComponents
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        if common <= 1 { return target.path }
        let ups = Array(repeating: "..", count: from.count - common)
        let path = (ups + to[common...]).joined(separator: "/")
        return path.isEmpty ? "." : path
    }
}
