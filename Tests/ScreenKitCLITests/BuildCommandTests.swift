import Foundation
import ScreenKit
import ScreenKitCLI
import Screens
import Testing

/// `screenkit build` end to end through the CLI front end.
@Suite struct BuildCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func run(_ arguments: [String], catalog: Catalog = App.catalog) -> (ExitCode, Terminal) {
        let terminal = Terminal.capturing()
        let code = CLI.run(arguments, catalog: catalog, terminal: terminal, workingDirectory: folder.path)
        return (code, terminal)
    }

    func files(under path: String) -> [String] {
        let root = folder.appendingPathComponent(path)
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { !$0.hasSuffix("screens") }.sorted()
    }

    @Test func buildWritesOneEnvelopePerScreenAndSaysSo() throws {
        let (code, terminal) = run(["build"])
        #expect(code == .success)
        let expected = App.catalog.screens.map { "screens/\($0.id).json" }.sorted()
        #expect(files(under: "dist") == expected)
        for path in expected {
            #expect(terminal.standardOutput.contains("wrote dist/\(path) ("))
        }
        #expect(terminal.standardOutput.contains("built \(expected.count) screens into dist/"))
        let data = try Data(contentsOf: folder.appendingPathComponent("dist/screens/sign-in.json"))
        #expect(!data.contains(0x0A), "published bytes are compact")
    }

    @Test func prettyAndOutOptions() throws {
        let (code, _) = run(["build", "--out", "site/out", "--pretty"])
        #expect(code == .success)
        let data = try Data(contentsOf: folder.appendingPathComponent("site/out/screens/home.json"))
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("{\n  \"format\": 1,\n"))
        let (again, _) = run(["build", "--out=site/out"])
        #expect(again == .success)
    }

    @Test func aBadCatalogFailsNamingScreenAndLineAndWritesNothing() throws {
        #expect(run(["build"]).0 == .success)
        let before = try Data(contentsOf: folder.appendingPathComponent("dist/screens/home.json"))
        let line = #line + 2
        let bad = Catalog(screens: [
            Screen("home") { Spacer(height: .nan) },
            Screen("home") { Text("again") },
            Screen("Bad Name") { Text("x") },
        ])
        let (code, terminal) = run(["build"], catalog: bad)
        #expect(code == .violations)
        let errors = terminal.standardError
        #expect(errors.contains("BuildCommandTests.swift:\(line):"))
        #expect(errors.contains("error: [number-not-finite]"))
        #expect(errors.contains("error: [screen-id-duplicate] screen ID \"home\""))
        #expect(errors.contains("error: [screen-id-invalid] screen ID \"Bad Name\""))
        #expect(errors.contains("build failed: 3 errors; nothing was written"))
        let after = try Data(contentsOf: folder.appendingPathComponent("dist/screens/home.json"))
        #expect(after == before, "the previous output is untouched")
        #expect(files(under: "dist").count == App.catalog.screens.count)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }

    @Test func aFailedBuildCreatesNoOutputFolder() {
        let (code, _) = run(["build"], catalog: Catalog(screens: [Screen("x") {}]))
        #expect(code == .violations)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("dist").path))
    }

    @Test func anUnwritableOutputIsAnIOFailureThatLeavesNoTemporaryFiles() throws {
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let (code, terminal) = run(["build", "--out", "file/dist"])
        #expect(code == .failure)
        #expect(terminal.standardError.hasPrefix("error: cannot create"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file"])
    }

    @Test func usageErrorsAndHelp() {
        let (unknown, terminal) = run(["build", "--fast"])
        #expect(unknown == .usage)
        #expect(terminal.standardError.contains("unknown option --fast"))
        #expect(run(["build", "--out"]).0 == .usage)
        #expect(run(["build", "extra"]).0 == .usage)
        #expect(run(["frobnicate"]).0 == .usage)
        #expect(run([]).0 == .usage)
        let (help, helpTerminal) = run(["build", "--help"])
        #expect(help == .success)
        #expect(helpTerminal.standardOutput.contains("USAGE: screenkit build [--out DIR] [--pretty] [--contract DIR]"))
        let (top, topTerminal) = run(["--help"])
        #expect(top == .success)
        #expect(topTerminal.standardOutput.contains("build"))
    }

    @Test func checkReportsAllProblemsAndExitsOne() {
        #expect(run(["check"]).0 == .success)
        let (code, terminal) = run(["check"], catalog: Catalog(screens: [Screen("A") { Text("x") }]))
        #expect(code == .violations)
        #expect(terminal.standardOutput.contains("error: [screen-id-invalid]"))
    }
}
