import Foundation
import ScreenTestSupport
import Testing

/// `swift test` provisions the S3 test server's Python packages itself.
@Suite(.integration("installs the pinned Python packages")) struct TestPythonTests {
    @Test func theInterpreterTheTestsUseImportsTheServerModules() throws {
        let python = try TestPython.interpreter.get()
        #expect(TestPython.canImport(python: python))
    }

    @Test func aFailedInstallIsOneClearMessageWithTheCommandToRunByHandAndLeavesNoReadyEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-python-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requirements = folder.appendingPathComponent("requirements.txt")
        try Data("screenkit-test-no-such-package-zz==0.0.1\n".utf8).write(to: requirements)
        let environment = folder.appendingPathComponent("venv")
        let python3 = try #require(TestPython.which("python3"))

        let result = TestPython.provision(python3: python3, environment: environment, requirements: requirements)

        guard case .failure(let error) = result else {
            Issue.record("installing a package that does not exist succeeded")
            return
        }
        #expect(error.description.hasPrefix("installing the test packages failed"))
        #expect(error.description.contains("Run it by hand: \(python3) -m venv \(environment.path)"))
        #expect(error.description.contains("-r \(requirements.path)"))
        #expect(
            !FileManager.default.fileExists(atPath: environment.appendingPathComponent(".screenkit-requirements").path))
    }
}
