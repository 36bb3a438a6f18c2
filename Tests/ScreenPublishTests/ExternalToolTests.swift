import Foundation
import Testing

@testable import ScreenTestSupport

/// The one way the tests get a program from outside the toolchain: a tool that is here is found;
/// one that cannot be had skips the tests that need it with the reason and the install command,
/// listed once at the end, unless `SCREENKIT_REQUIRE_TOOLS=1` requires it.
@Suite(.integration("provisions tools with apt-get")) struct ExternalToolTests {
    /// A tool no machine has, from a Debian package that does not exist.
    static let absent = ExternalTool(
        name: "screenkit-absent", executables: [["screenkit-absent-tool"]],
        debianPackages: ["screenkit-absent-package"], elsewhere: "nowhere")

    @Test func aToolThatIsHereIsFoundWithItsPaths() throws {
        let shell = ExternalTool(name: "sh", executables: [["no-such-shell", "sh"]], debianPackages: [], elsewhere: "")
        let paths = try shell.require()
        #expect(paths.count == 1 && paths[0].hasSuffix("/sh"))
        #expect((try? ToolReport().outcome(shell).get()) == paths)
        let withFile = ExternalTool(
            name: "sh-and-a-missing-file", executables: [["sh"]], files: ["/nonexistent/screenkit.jar"],
            debianPackages: [], elsewhere: "")
        #expect(withFile.find() == nil, "a missing file makes the tool missing")
    }

    @Test func aToolThatCannotBeHadIsSkippedWithTheReasonAndTheInstallCommandAndListedOnce() {
        let report = ToolReport()
        #expect(!Self.absent.isEnabled(for: "Somewhere.swift:12", required: false, report: report))
        #expect(!Self.absent.isEnabled(for: "Somewhere.swift:12", required: false, report: report))
        #expect(!Self.absent.isEnabled(for: "Elsewhere.swift:3", required: false, report: report))
        let summary = report.summary()
        #expect(summary.hasPrefix("ScreenKit tests: 2 tests skipped for a missing tool"), "\(summary)")
        #expect(summary.contains("- screenkit-absent: screenkit-absent is not here (needs screenkit-absent-tool)"))
        #expect(summary.contains("apt-get install -y screenkit-absent-package"), "\(summary)")
        #expect(summary.contains("    Elsewhere.swift:3\n    Somewhere.swift:12\n"), "\(summary)")
        #expect(Self.absent.skipComment.contains("SCREENKIT_REQUIRE_TOOLS=1 makes it required"))
        #expect(ToolReport().summary() == "", "nothing skipped, nothing listed")
    }

    @Test func aRequiredToolThatCannotBeHadFailsTheTestWithWhatWasTried() {
        let report = ToolReport()
        #expect(Self.absent.isEnabled(for: "Somewhere.swift:12", required: true, report: report))
        #expect(report.summary() == "", "a required test is not skipped")
        #expect(throws: ExternalTool.Missing.self) { try Self.absent.require() }
        #expect(Self.absent.reason.contains("screenkit-absent is not here"))
    }
}
