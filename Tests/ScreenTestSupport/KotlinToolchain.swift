import Foundation

/// Debian's Kotlin compiler (1.3.31, the oldest Kotlin the generated models promise) and Android's
/// `org.json` jar, for compiling a generated Kotlin model with a driver and running it on the JVM.
public enum KotlinToolchain {
    /// Android's `org.json`, from Debian's `libandroid-json-java`.
    public static let jar = "/usr/share/java/com.android.json.jar"

    /// What the tests report when the toolchain is missing and cannot be installed.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// `kotlinc` and `java`: installed from Debian when missing (as `.ci/run` does), else an error
    /// naming what is missing, so a test fails rather than skips.
    public static let tools: Result<(kotlinc: String, java: String), Missing> = {
        func find() -> (String, String)? {
            guard let kotlinc = TestPython.which("kotlinc"), let java = TestPython.which("java"),
                FileManager.default.fileExists(atPath: jar)
            else { return nil }
            return (kotlinc, java)
        }
        if let found = find() { return .success(found) }
        var log = "kotlinc, java or \(jar) is missing"
        if TestPython.which("apt-get") != nil {
            let install = "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kotlin libandroid-json-java"
            let (status, output) = TestPython.run("/bin/sh", ["-c", "apt-get update -qq; \(install)"])
            log += "; `\(install)` exited \(status): \(output.suffix(2000))"
        }
        if let found = find() { return .success(found) }
        return .failure(Missing(description: log))
    }()

    /// The driver, in package `driver`, for a model in `package`: decodes each file named on the
    /// command line in one JVM, printing `decoded NAME: ID` and `tree NAME: ENVELOPE`, or `failed
    /// NAME: MESSAGE`; exits 1 when any fails. `id` is the expression printed after `decoded`. Its
    /// main class is `<driver>.Main`.
    public static func driver(_ driver: String, package: String, id: String = "envelope.id") -> String {
        """
        @file:JvmName("Main")

        package \(driver)

        import \(package).ScreenModel
        import java.io.File

        fun main(args: Array<String>) {
            var failed = 0
            for (path in args) {
                val name = File(path).name
                try {
                    val envelope = ScreenModel.decode(File(path).readText())
                    println("decoded " + name + ": " + \(id))
                    println("tree " + name + ": " + envelope)
                } catch (error: ScreenModel.DecodingException) {
                    failed += 1
                    println("failed " + name + ": " + error.message)
                }
            }
            System.exit(if (failed == 0) 0 else 1)
        }

        """
    }

    /// Compiles `sources` (Kotlin files' text) into one jar in `folder` with `-Werror`, in one
    /// `kotlinc` run (it starts slowly): the jar's path, the compiler's status, its diagnostics
    /// (empty when clean) and the seconds it took.
    public static func compile(_ sources: [String], in folder: URL) throws
        -> (jar: String, status: Int32, diagnostics: String, seconds: Double)
    {
        let tools = try Self.tools.get()
        var files: [String] = []
        for (index, source) in sources.enumerated() {
            let file = folder.appendingPathComponent("Source\(index).kt")
            try Data(source.utf8).write(to: file)
            files.append(file.path)
        }
        let output = folder.appendingPathComponent("decode.jar").path
        let start = Date()
        let (status, log) = TestPython.run(
            tools.kotlinc, ["-Werror", "-include-runtime", "-cp", jar, "-d", output] + files)
        // Debian's kotlinc script passes -noverify, which JDK 13+ warns about; anything else counts.
        let diagnostics = log.split(separator: "\n").filter { !$0.hasPrefix("OpenJDK 64-Bit Server VM warning:") }
        return (output, status, diagnostics.joined(separator: "\n"), Date().timeIntervalSince(start))
    }

    /// Runs the driver in package `driver` of the compiled jar over `files` in one JVM: its
    /// status, its lines and the seconds it took.
    public static func decode(_ decoder: String, driver: String, _ files: [String]) throws
        -> (status: Int32, lines: [String], seconds: Double)
    {
        let tools = try Self.tools.get()
        let start = Date()
        let (status, output) = TestPython.run(tools.java, ["-cp", "\(decoder):\(jar)", "\(driver).Main"] + files)
        return (status, output.split(separator: "\n").map(String.init), Date().timeIntervalSince(start))
    }
}
