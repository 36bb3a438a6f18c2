import Foundation
import Testing

/// Generated TypeScript, proven in a real compiler: Debian's tsc (`node-typescript`, tsc 4.8;
/// ``ExternalTool/typeScript``, so tests that use it declare `.needs(.typeScript)`) compiles a module with a driver under `--strict
/// --noUncheckedIndexedAccess`, and node runs the driver over payload files, one process a batch.
public enum TypeScriptCheck {
    /// Decodes each file named on the command line with the module's `decode`: `decoded <id>` or
    /// `failed <file>: <message>` (`crashed` for an error that is no `DecodeError`) a line; a
    /// refused file is also reported as the app would report it, `render_failed <event JSON>`.
    public static let driver = """
        import { decode, DecodeError, renderFailedEvent, renderFailureOf } from "./ScreenModel";

        declare const require: (name: string) => { readFileSync(path: string, encoding: string): string };
        declare const process: { argv: string[]; exitCode?: number };

        const fs = require("fs");
        let failed = 0;
        for (const path of process.argv.slice(2)) {
            try {
                decode(JSON.parse(fs.readFileSync(path, "utf8")));
                console.log(`decoded ${path}`);
            } catch (error) {
                failed += 1;
                const kind = error instanceof DecodeError ? "failed" : "crashed";
                console.log(`${kind} ${path}: ${error instanceof Error ? error.message : String(error)}`);
                console.log(`render_failed ${JSON.stringify(renderFailedEvent(renderFailureOf("home", error, "5bc6286b66a6")))}`);
            }
        }
        process.exitCode = failed === 0 ? 0 : 1;

        """

    /// Compiles `source` as `ScreenModel.ts` with the driver into `folder` (printing the time it
    /// took, named `label`): the driver's JavaScript and tsc's status and output.
    public static func compile(_ source: String, label: String, in folder: URL) throws -> (
        script: String, status: Int32, output: String
    ) {
        let (scripts, status, output) = try compile([("model", source)], label: label, in: folder)
        return (scripts[0], status, output)
    }

    /// Compiles every module, each as `<name>/ScreenModel.ts` with its own driver under `folder`
    /// (``driver``, or the one `drivers` gives in the same place),
    /// in one tsc run (node starts slowly, and the standard library is checked once): each
    /// driver's JavaScript in the order given, tsc's status and its output (which names the file
    /// of each diagnostic).
    public static func compile(
        _ modules: [(name: String, source: String)], label: String, in folder: URL, drivers: [String]? = nil
    ) throws -> (scripts: [String], status: Int32, output: String) {
        var roots: [String] = []
        for (index, (name, source)) in modules.enumerated() {
            let module = folder.appendingPathComponent("src/\(name)")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: module.appendingPathComponent("ScreenModel.ts"))
            try Data((drivers?[index] ?? driver).utf8).write(to: module.appendingPathComponent("main.ts"))
            roots += [
                module.appendingPathComponent("ScreenModel.ts").path, module.appendingPathComponent("main.ts").path,
            ]
        }
        let started = Date()
        let tsc = try ExternalTool.typeScript.require()[0]
        let out = folder.appendingPathComponent("out")
        let (status, output) = TestPython.run(
            tsc,
            [
                "--strict", "--noUncheckedIndexedAccess", "--target", "ES2020", "--module", "commonjs", "--rootDir",
                folder.appendingPathComponent("src").path, "--outDir", out.path,
            ] + roots)
        print(
            "tsc, \(label) (\(modules.count) modules): \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        return (modules.map { out.appendingPathComponent("\($0.name)/main.js").path }, status, output)
    }

    /// Runs the compiled driver with node over `payloads`, written into `folder`, in one process.
    public static func decode(_ script: String, _ payloads: [(String, [UInt8])], in folder: URL) throws -> (
        status: Int32, output: String
    ) {
        let files = try payloads.map { name, bytes in
            let file = folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            return file.path
        }
        let started = Date()
        let result = TestPython.run(try ExternalTool.typeScript.require()[1], [script] + files)
        print("node, \(files.count) payloads: \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        return result
    }
}
