import Foundation
import Testing

/// Debian's Kotlin compiler (1.3.31, the oldest Kotlin the generated models promise) and Android's
/// `org.json` jar (``ExternalTool/kotlin``), for compiling a generated Kotlin model with a driver and running it on the JVM.
public enum KotlinToolchain {
    /// Android's `org.json`, from Debian's `libandroid-json-java`.
    public static let jar = "/usr/share/java/com.android.json.jar"

    /// `kotlinc` and `java` (``ExternalTool/kotlin``: tests that use them declare `.needs(.kotlin)`).
    static func tools() throws -> (kotlinc: String, java: String) {
        let paths = try ExternalTool.kotlin.require()
        return (paths[0], paths[1])
    }

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

    /// The JVM options of every run: the client JIT only and the serial collector, which halve
    /// the processor time of these short runs (42 -> 19 s for the client models' compile), and a
    /// heap that the compile of every model at once does not fill (Debian's kotlinc gives 256 MB).
    static let jvmOptions = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto"]

    /// Compiles `sources` (Kotlin files' text) into one jar in `folder` with `-Werror`, in one
    /// `kotlinc` run (it starts slowly): the jar's path, the compiler's status, its diagnostics
    /// (empty when clean) and the seconds it took.
    public static func compile(_ sources: [String], in folder: URL) throws
        -> (jar: String, status: Int32, diagnostics: String, seconds: Double)
    {
        let tools = try Self.tools()
        var files: [String] = []
        for (index, source) in sources.enumerated() {
            let file = folder.appendingPathComponent("Source\(index).kt")
            try Data(source.utf8).write(to: file)
            files.append(file.path)
        }
        let output = folder.appendingPathComponent("decode.jar").path
        let start = Date()
        let (status, log) = TestPython.run(
            tools.kotlinc,
            ["-J-Xmx1g"] + jvmOptions.map { "-J\($0)" } + ["-Werror", "-include-runtime", "-cp", jar, "-d", output]
                + files)
        // Debian's kotlinc script passes -noverify, which JDK 13+ warns about; anything else counts.
        let diagnostics = log.split(separator: "\n").filter { !$0.hasPrefix("OpenJDK 64-Bit Server VM warning:") }
        return (output, status, diagnostics.joined(separator: "\n"), Date().timeIntervalSince(start))
    }

    /// Runs the driver in package `driver` of the compiled jar over `files` in one JVM: its
    /// status, its lines and the seconds it took.
    public static func decode(_ decoder: String, driver: String, _ files: [String]) throws
        -> (status: Int32, lines: [String], seconds: Double)
    {
        let tools = try Self.tools()
        let start = Date()
        let (status, output) = TestPython.run(
            tools.java, jvmOptions + ["-cp", "\(decoder):\(jar)", "\(driver).Main"] + files)
        return (status, output.split(separator: "\n").map(String.init), Date().timeIntervalSince(start))
    }
}

/// Kotlin sources compiled once per test run into one jar that several tests share: the first
/// test that asks compiles (the others wait), and the jar lives in a temporary folder removed when
/// the test process exits.
public final class SharedKotlinJar: @unchecked Sendable {
    /// What kotlinc produced: the jar, its status, its diagnostics and the seconds it took.
    public typealias Compiled = (jar: String, status: Int32, diagnostics: String, seconds: Double)

    private let sources: @Sendable () -> [String]
    private let lock = NSLock()
    private var result: Result<Compiled, any Error>?

    /// The sources, generated when first compiled.
    public init(_ sources: @escaping @Sendable () -> [String]) { self.sources = sources }

    /// The compiled jar; throws what stopped the compile (a missing toolchain included).
    public func compile() throws -> Compiled {
        lock.lock()
        defer { lock.unlock() }
        if let result { return try result.get() }
        let outcome = Result { () throws -> Compiled in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-kotlin-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            TemporaryFolders.removeAtExit(folder)
            let files = sources()
            let compiled = try KotlinToolchain.compile(files, in: folder)
            print("kotlinc: \(files.count) files in one run, \(String(format: "%.1f", compiled.seconds)) s")
            return compiled
        }
        result = outcome
        return try outcome.get()
    }
}
