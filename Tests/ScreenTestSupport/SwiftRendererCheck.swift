import Foundation
import Testing

/// Text renderers of a generated Swift model's renderer interface, written from the interface
/// itself as an app would implement it: every requirement (but one left out, to prove the
/// compiler refuses it) draws `id:name(children)[slot=…]`.
public enum SwiftRendererCheck {
    /// Compiles the model, the text renderer and the main into `folder` with `swiftc -swift-version 6
    /// -warnings-as-errors`: its status, its output and the executable's path.
    public static func compile(model: String, renderer: String, main: String, in folder: URL) throws -> (
        status: Int32, output: String, executable: String
    ) {
        let swiftc = try #require(TestPython.which("swiftc"), "swiftc is not on PATH")
        var files: [String] = []
        for (name, text) in [("ScreenModel.swift", model), ("TextRenderer.swift", renderer), ("main.swift", main)] {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            files.append(file.path)
        }
        let executable = folder.appendingPathComponent("render").path
        let (status, output) = TestPython.run(
            swiftc, ["-swift-version", "6", "-warnings-as-errors"] + files + ["-o", executable])
        return (status, output, executable)
    }

    /// Each requirement of a protocol in `model`: its name and its parameter list.
    public static func requirements(of protocolName: String, in model: String) throws -> [(
        name: String, parameters: String
    )] {
        let start = try #require(model.range(of: "public protocol \(protocolName) {\n"))
        let end = try #require(model.range(of: "\n}\n", range: start.upperBound..<model.endIndex))
        // A declaration too long for one line is wrapped as swift-format writes it: joined back.
        let body = String(model[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "(\n        ", with: "(").replacingOccurrences(of: "\n    ) ->", with: ") ->")
            .replacingOccurrences(of: "\n    ) async", with: ") async")
        return body.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^    func (\w+)\((.*)\)( async)?( -> Output)?$/) else { return nil }
            return (String(match.1), String(match.2))
        }
    }

    /// A renderer of every component to text (`type(child,child)`, the node's ID first), and an
    /// action handler that prints each action, for `model`; `leaving` leaves one requirement out,
    /// `extra` is added to the renderer.
    public static func textRenderer(for model: String, leaving: String? = nil, extra: String = "", ids: Bool = true)
        throws
        -> String
    {
        var source = "struct TextRenderer: ScreenModelRenderer {\n    typealias Output = String\n"
        for (name, parameters) in try requirements(of: "ScreenModelRenderer", in: model) where name != leaving {
            var drawn = parameters.contains("children:") ? #" + "(" + children.joined(separator: ",") + ")""# : ""
            if parameters.contains("slots:") {
                drawn +=
                    #" + "[" + slots.keys.sorted().map { $0 + "=" + slots[$0, default: []].joined(separator: ",") }"#
                drawn += #".joined(separator: ";") + "]""#
            }
            let head = ids ? "node.id + \":\(name)\"" : "\":\(name)\""
            source += "    func \(name)(\(parameters)) -> String { \(head)\(drawn) }\n"
        }
        source += extra + "}\n"
        // A version without action kinds has no handler to implement.
        guard model.contains("public protocol ScreenModelActionHandler {") else { return source }
        source += "\nstruct PrintingHandler: ScreenModelActionHandler {\n"
        for (name, parameters) in try requirements(of: "ScreenModelActionHandler", in: model) where name != "sequence" {
            source += "    func \(name)(\(parameters)) async { print(\"\(name)\") }\n"
        }
        return source + "}\n"
    }
}
