import Foundation

/// The executables `swift build` put next to the running test binary (`screenkit`, …).
public enum BuiltProducts {
    /// The folder holding the test binary and the package's executables.
    public static var folder: URL {
        #if os(Linux)
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
            Bundle.main.bundleURL.deletingLastPathComponent()
        #endif
    }

    /// The executable `name` of this package, built alongside the tests.
    public static func executable(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
