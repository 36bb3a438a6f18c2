import CFuzzerDriver
import Foundation

/// The entry point every target shares.
public enum FuzzerMain {
    /// Hands the command line to libFuzzer's driver, which calls the target's
    /// `LLVMFuzzerTestOneInput`, and exits with its status.
    public static func run() -> Never {
        exit(ScreenKitFuzzerMain(CommandLine.argc, CommandLine.unsafeArgv))
    }
}
