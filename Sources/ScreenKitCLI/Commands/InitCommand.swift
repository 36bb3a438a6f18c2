import Foundation
import ScreenContract

/// `screenkit init DIR`: scaffold a new package of screens that builds and passes the gate as written.
enum InitCommand {
    static let command = Command(
        name: "init",
        summary: "Create a package of screens with a config and a contract history.",
        help: """
            OVERVIEW: Write a new Swift package in DIR that builds and passes `check` with
            no edits: Package.swift depending on ScreenKit, a `Screens` target with one
            screen and one custom component, the `screenkit` executable, screenkit.json,
            .gitignore, .gitattributes, a GitHub Actions workflow, a README and a contract
            history started from the standard version your shipped clients know.

              Package.swift                     depends on ScreenKit (a path or a URL)
              screenkit.json                    the project config (contract, output,
                                                minContract)
              Sources/screenkit/main.swift      the command line linked with your screens
              Screens/App.swift                 the catalog: components and screens
              Screens/WelcomeScreen.swift       an example screen
              Screens/Components/Banner.swift   an example custom component with a fallback
              Screens/Contract/history/*.json   standard versions 1…K, byte for byte
              .github/workflows/screens.yml     CI: the gate and review report on pull
                                                requests; build (and publish) on the default
                                                branch
              .github/dependabot.yml            keeps the workflow's pinned actions current
              .gitattributes                    keeps Screens/Contract byte-exact on
                                                checkout

            DIR must not exist or be empty; nothing is written unless everything is.

            USAGE: screenkit init DIR [--name NAME] [--standard K] [--no-publish]
                     [--screenkit-path PATH | --screenkit-url URL [--screenkit-version V |
                       --screenkit-branch B | --screenkit-revision COMMIT]]

            OPTIONS:
              --name NAME             The package name (default: DIR's last component).
              --standard K            The standard contract version the shipped clients
                                      decode
                                      (default 1: the original vocabulary; \(StandardBaseline.latest) is today's).
              --screenkit-path PATH   Depend on a ScreenKit checkout by path (written
                                      relative to DIR when the two share a folder below /,
                                      else absolute).
              --screenkit-url URL     Depend on ScreenKit by git URL …
              --screenkit-version V   … from version V, a tag of that repository
                                      (default \(CLI.version));
              --screenkit-branch B    … or on branch B, where the repository has no release
                                      tag;
              --screenkit-revision C  … or on commit C.
              --no-publish            A workflow that builds on the default branch but
                                      publishes to no bucket (screens served by a Swift
                                      server only).
              -h, --help              Show this help.

            Without --screenkit-path or --screenkit-url, the package depends by path on the
            ScreenKit checkout this screenkit was built from, when it still exists. With
            --screenkit-url and a version, init asks the repository for that tag (git
            ls-remote): SwiftPM resolves a version only from a tag, and a tag does not
            travel with every copy of a repository. When the tag is not there, init says so
            and how to pin a branch or a commit instead. Then: cd DIR && swift run screenkit
            build && swift run screenkit check
            """,
        valueOptions: [
            "--name", "--standard", "--screenkit-path", "--screenkit-url", "--screenkit-version", "--screenkit-branch",
            "--screenkit-revision",
        ],
        flags: ["--no-publish"],
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
        var template = PackageTemplate(name: name, dependency: dependency, standard: standard)
        template.publishes = !arguments.flag("--no-publish")
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
        if case .url(let url, let version) = dependency {
            reportReleaseTag(of: url, version: version, target: target, context)
        }
        return .success
    }

    /// Says whether the repository `url` has the tag `version` the new package resolves from, and
    /// when it does not (or cannot be asked), how to depend on a branch or a commit instead.
    private static func reportReleaseTag(of url: String, version: String, target: String, _ context: CommandContext) {
        let instead = """
              swift resolves `from: "\(version)"` only from a tag \(version) in that repository. If it has
              none (a mirror, a fork or a clone without tags), depend on a branch or a commit instead:
                screenkit init \(target) --screenkit-url \(url) --screenkit-branch main
                screenkit init \(target) --screenkit-url \(url) --screenkit-revision <commit>
              or edit Package.swift: .package(url: "\(url)", branch: "main")
            """
        switch ReleaseTagCheck.ask(url, tag: version) {
        case .present:
            context.terminal.print("ScreenKit \(version): the tag is in \(url)")
        case .absent:
            context.terminal.printError(
                "warning: \(url) has no tag \(version): the package will not resolve as written.\n\(instead)")
        case .unknown(let reason):
            context.terminal.printError(
                "note: could not check that \(url) has the tag \(version) (\(reason)).\n\(instead)")
        }
    }

    private static func dependency(_ arguments: Arguments, folder: URL, _ context: CommandContext)
        throws(CommandError) -> PackageTemplate.Dependency
    {
        let path = arguments.value("--screenkit-path")
        let url = arguments.value("--screenkit-url")
        if path != nil && url != nil { throw .usage("give --screenkit-path or --screenkit-url, not both") }
        let pins = ["--screenkit-version", "--screenkit-branch", "--screenkit-revision"].filter {
            arguments.isGiven($0)
        }
        if let pin = pins.first, url == nil { throw .usage("\(pin) applies to --screenkit-url only") }
        if pins.count > 1 { throw .usage("give one of \(pins.joined(separator: ", ")), not several") }
        if let url {
            guard url.contains("/"), !url.contains("\"") else {
                throw .usage("--screenkit-url \(url) is not a git URL")
            }
            if let branch = arguments.value("--screenkit-branch") {
                guard !branch.isEmpty, !branch.contains("\""), !branch.hasPrefix("-") else {
                    throw .usage("--screenkit-branch \(branch) is not a branch name")
                }
                return .branch(url, branch)
            }
            if let commit = arguments.value("--screenkit-revision") {
                guard commit.count >= 7, commit.count <= 64, commit.allSatisfy(\.isHexDigit) else {
                    throw .usage("--screenkit-revision \(commit) is not a commit (7 to 64 hexadecimal digits)")
                }
                return .revision(url, commit)
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
