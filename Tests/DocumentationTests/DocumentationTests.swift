import Foundation
import ScreenTestSupport
import Testing

@testable import ScreenKitCLI

/// The documentation cannot rot: the DocC catalogs build with warnings as errors, and every Swift
/// block the README and the articles show is code the package compiles or a file `screenkit init`
/// writes, byte for byte.
@Suite struct DocumentationTests {
    static let root = ExampleApp.root

    /// The README and every article of the three catalogs, by path relative to the repository.
    static var documents: [String] {
        var paths = ["README.md"]
        for module in ["ScreenKit", "ScreenRendering", "ScreenKitCLI"] {
            let folder = "Sources/\(module)/\(module).docc"
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }

    /// Each ```swift block of `text` with the comment on the line before its fence (or ""), and
    /// each block in another language whose comment says it is a generated file or a snippet of a
    /// compiled source (the web app's TypeScript).
    static func swiftBlocks(_ text: String) -> [(comment: String, code: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [(String, String)] = []
        var index = 0
        while index < lines.count {
            let comment = index > 0 ? lines[index - 1] : ""
            let marked = comment.hasPrefix("<!-- generated: ") || comment.hasPrefix("<!-- snippet: ")
            if lines[index] == "```swift" || (lines[index].hasPrefix("```") && marked) {
                var end = index + 1
                while end < lines.count && lines[end] != "```" { end += 1 }
                blocks.append((comment, lines[(index + 1)..<min(end, lines.count)].map { $0 + "\n" }.joined()))
                index = end
            }
            index += 1
        }
        return blocks
    }

    /// The lines between `// snippet: name` and `// snippet: end` in `source`, with the marker's
    /// indentation removed; nil when there is no such excerpt.
    static func excerpt(of source: String, name: String) -> String? {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard
            let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet: \(name)" }),
            let end = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "// snippet: end" }
            )
        else { return nil }
        let indent = lines[start].prefix { $0 == " " }.count
        return lines[(start + 1)..<end].map { $0.dropFirst(min(indent, $0.prefix { $0 == " " }.count)) + "\n" }
            .joined()
    }

    /// What a block's comment says it shows, or why it is wrong.
    static func expected(for comment: String) -> Result<String, Failure> {
        let generated = "<!-- generated: "
        let snippet = "<!-- snippet: "
        if comment.hasPrefix(generated), comment.hasSuffix(" -->") {
            let file = String(comment.dropFirst(generated.count).dropLast(4))
            let template = PackageTemplate(name: "shopapp", dependency: .path("../ScreenKit"), standard: 1)
            guard let text = template.files[file] else { return .failure(Failure("screenkit init writes no \(file)")) }
            return .success(text)
        }
        guard comment.hasPrefix(snippet), comment.hasSuffix(" -->") else {
            return .failure(Failure("no <!-- snippet: PATH#NAME --> or <!-- generated: FILE --> line before it"))
        }
        let reference = comment.dropFirst(snippet.count).dropLast(4).split(separator: "#")
        guard reference.count == 2 else { return .failure(Failure("\(comment) is not PATH#NAME")) }
        guard let source = try? String(contentsOf: root.appendingPathComponent(String(reference[0])), encoding: .utf8)
        else { return .failure(Failure("\(reference[0]) cannot be read")) }
        guard let text = excerpt(of: source, name: String(reference[1])) else {
            return .failure(Failure("\(reference[0]) has no snippet \(reference[1])"))
        }
        return .success(text)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func everySwiftBlockIsCompiledCodeOrAGeneratedFile() throws {
        var checked = 0
        for path in Self.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for block in Self.swiftBlocks(text) {
                checked += 1
                switch Self.expected(for: block.comment) {
                case .failure(let failure):
                    Issue.record("\(path): a Swift block: \(failure)\n\(block.code)")
                case .success(let expected):
                    #expect(
                        block.code == expected,
                        "\(path): the block after \(block.comment) drifted from its source (Scripts/sync-snippets.py rewrites it); it is now:\n\(expected)"
                    )
                }
            }
        }
        #expect(checked >= 20, "only \(checked) Swift blocks found")
    }

    @Test func aDriftedOrUnmarkedBlockIsCaught() {
        let marked = "<!-- snippet: Tests/DocumentationTests/Snippets/Snippets.swift#profile-since -->"
        guard case .success(let expected) = Self.expected(for: marked) else {
            Issue.record("the profile-since snippet is missing")
            return
        }
        #expect(expected.hasPrefix("var catalog = Catalog(screens: screens)\n"))
        #expect(expected != expected.replacingOccurrences(of: "profileSince = 3", with: "profileSince = 4"))
        if case .success = Self.expected(for: "") { Issue.record("an unmarked block passed") }
        if case .success = Self.expected(for: "<!-- snippet: README.md#nothing -->") {
            Issue.record("a missing snippet passed")
        }
        if case .success = Self.expected(for: "<!-- generated: Nothing.swift -->") {
            Issue.record("a file init does not write passed")
        }
        let blocks = Self.swiftBlocks("text\n\(marked)\n```swift\nlet a = 1\n```\n")
        #expect(blocks.count == 1 && blocks[0].comment == marked && blocks[0].code == "let a = 1\n")
    }

    /// Runs `Scripts/docs.sh` with the modules this test run built; its status and output.
    static func buildDocs(_ extra: [String] = []) async -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-docs-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let modules = BuiltProducts.folder.appendingPathComponent("Modules")
        let status = await ChildProcess.run(
            [root.appendingPathComponent("Scripts/docs.sh").path, "--modules", modules.path] + extra, output: log,
            timeout: 600)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    @Test(.integration("docc")) func theCatalogsBuildWithoutWarningsAndABrokenLinkFails() async throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-site-\(UUID())")
        defer { try? FileManager.default.removeItem(at: site) }
        let (status, output) = await Self.buildDocs(["--static", site.path])
        #expect(status == 0, "\(output)")
        for module in ["ScreenKit", "ScreenRendering", "ScreenKitCLI"] {
            #expect(output.contains("docs: \(module) built without warnings"), "\(output)")
            let lower = module.lowercased()
            #expect(
                FileManager.default.fileExists(
                    atPath: site.appendingPathComponent("\(module)/documentation/\(lower)/index.html").path))
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        for article in ["gettingstarted", "writingscreens", "thecontract", "wireprofiles"] {
            #expect(
                FileManager.default.fileExists(
                    atPath: site.appendingPathComponent("ScreenKit/data/documentation/screenkit/\(article).json").path),
                "the article \(article) is in the site")
        }

        // The same build over a catalog with one broken symbol link fails and names it.
        let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-catalogs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: catalogs) }
        for module in ["ScreenKit", "ScreenRendering", "ScreenKitCLI"] {
            try FileManager.default.createDirectory(
                at: catalogs.appendingPathComponent(module), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.root.appendingPathComponent("Sources/\(module)/\(module).docc"),
                to: catalogs.appendingPathComponent("\(module)/\(module).docc"))
        }
        let article = catalogs.appendingPathComponent("ScreenKit/ScreenKit.docc/WritingScreens.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        try Data((text + "\nSee ``NoSuchSymbol``.\n").utf8).write(to: article)
        let (broken, brokenOutput) = await Self.buildDocs(["--catalogs", catalogs.path])
        #expect(broken == 1, "\(brokenOutput)")
        #expect(brokenOutput.contains("NoSuchSymbol"), "\(brokenOutput)")
    }

    @Test func theScriptsRefuseABadCommandLineBeforeTouchingAnything() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-docs-usage-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let docs = await ChildProcess.run(
            [Self.root.appendingPathComponent("Scripts/docs.sh").path, "--bogus"], output: log, timeout: 60)
        #expect(docs == 2)
        #expect(((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("unknown argument --bogus"))
        let sync = await ChildProcess.run(
            ["python3", Self.root.appendingPathComponent("Scripts/sync-snippets.py").path, "--bogus"], output: log,
            timeout: 60)
        #expect(sync == 2)
        #expect(((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("Usage: Scripts/sync-snippets.py"))
    }

    @Test func nothingPointsOutsideTheRepository() throws {
        for path in Self.documents + ["docs/README.md", "docs/architecture.md", "Benchmarks/README.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8).lowercased()
            for phrase in ["session note", "../shared", "/work/", "workplace"] {
                #expect(!text.contains(phrase), "\(path) mentions \(phrase)")
            }
        }
    }

    @Test func theExitCodesAreTheSameEverywhere() throws {
        // 2 is a usage error, 3 a file, bucket or environment failure (ExitCode): no page says otherwise.
        for path in Self.documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ")
            for wrong in [
                "2 (usage or environment", "2 (an environment", "exit 2 when the environment", "2 environment",
            ] {
                #expect(!text.contains(wrong), "\(path) says exit \(wrong)")
            }
        }
    }

    @Test func theReadmeIsAFrontDoor() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 260, "README.md has \(lines) lines")
        for module in ["ScreenKit", "ScreenRendering", "ScreenKitCLI"] {
            #expect(readme.contains("Sources/\(module)/\(module).docc"), "the README links the \(module) catalog")
        }
    }
}
