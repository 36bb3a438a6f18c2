import ExampleScreens
import Foundation
import ScreenClients
import ScreenTestSupport
import Testing

/// The Swift code of the "Rendering on the client" article, compiled as an iOS team's would be:
/// `Tests/Support/client_renderers/OutlineRenderer.swift` (a renderer of every component of
/// contract 4 and an action handler) with the generated model of contract 4, run on the example
/// app's sign-in screen and its sign-in button's action.
@Suite struct RenderingOnTheClientTests {
    static let renderer = TestPython.supportFolder.appendingPathComponent("client_renderers/OutlineRenderer.swift")

    static let main = """
        import Foundation

        /// Every button below `node`, depth first.
        func buttons(_ node: ScreenModel.Node) -> [ScreenModel.Components.Button] {
            var found: [ScreenModel.Components.Button] = []
            if case .button(let button) = node.component { found.append(button) }
            for child in node.children ?? [] { found += buttons(child) }
            return found
        }

        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        let envelope = try JSONDecoder().decode(ScreenModel.Envelope.self, from: data)
        print(OutlineRenderer().render(envelope))
        let log = ActionLog()
        if let signIn = buttons(envelope.root).first(where: { $0.label == "Sign in" }) {
            await log.perform(signIn.action)
        }
        print(await log.done.joined(separator: "; "))

        """

    @Test(.integration("compiles the article's renderer"))
    func theArticlesRendererCompilesWithTheModelAndDrawsTheSignInScreen() throws {
        let folder = try ClientArtifactTests.folder("rendering-on-the-client")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output, executable) = try SwiftRendererCheck.compile(
            model: ClientArtifactTests.model(4), renderer: try String(contentsOf: Self.renderer, encoding: .utf8),
            main: Self.main, in: folder)
        try #require(status == 0, "swiftc: \(output)")
        let variant = try #require(ClientArtifactTests.variants(4).first { $0.0 == "sign-in@4.json" })
        let files = try ClientArtifactTests.write([variant], into: folder)
        let (ran, drawn) = TestPython.run(executable, files)
        #expect(ran == 0, "\(drawn)")
        #expect(
            drawn == """
                scroll
                  column
                    image Brew & Co. logo
                    "Welcome back"
                    "Sign in to see your orders & saved brews." in text.secondary
                    field Email → email
                    field Password → password
                    [Sign in]
                    [Forgot password?]
                POST /api/v1/session; open home

                """, "\(drawn)")
    }
}
