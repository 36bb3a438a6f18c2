import Foundation
import Testing

/// Text renderers written from a Kotlin model's own `ScreenModelRenderer`, for the tests that
/// compile them with kotlinc as an Android app's build would.
public enum KotlinRendererCheck {
    /// A text renderer (`id:type(child,child)`; `:type(…)` where the profile's nodes have no ID)
    /// of every requirement of the model's `ScreenModelRenderer`, in the model's package, leaving
    /// out `leaving`, with `extra` inside.
    public static func textRenderer(
        for model: String, package: String, leaving: String? = nil, extra: String = "", ids: Bool = true
    ) throws -> String {
        let start = try #require(model.range(of: "interface ScreenModelRenderer<Output> {\n"))
        let end = try #require(model.range(of: "\n}\n", range: start.upperBound..<model.endIndex))
        var source = "package \(package)\n\nclass TextRenderer : ScreenModelRenderer<String> {\n"
        for line in model[start.upperBound..<end.lowerBound].split(separator: "\n") {
            guard let match = line.firstMatch(of: /^    fun (\w+)\((.*)\): Output$/), String(match.1) != leaving else {
                continue
            }
            var drawn = ""
            if match.2.contains("children:") { drawn += #" + "(" + children.joinToString(",") + ")""# }
            if match.2.contains("slots:") {
                drawn += #" + slots.entries.joinToString("") { "[" + it.key + ":" + it.value.joinToString(",") + "]" }"#
            }
            let parameters = match.2.replacingOccurrences(of: "Output", with: "String")
            let id = ids ? "node.id" : "\"\""
            source += "    override fun \(match.1)(\(parameters)): String = \(id) + \":\(match.1)\"\(drawn)\n"
        }
        return source + extra + "}\n"
    }

    /// The expression a driver prints for `envelope`: the model's `render(envelope)` where it has
    /// one, else each device's layout.
    public static func rendering(_ model: String, package: String) -> String {
        let renderer = "\(package).TextRenderer()"
        if model.contains("fun render(envelope: ScreenModel.Envelope)") { return "\(renderer).render(envelope)" }
        let layout = model.range(of: "data class Layout(").map { String(model[$0.upperBound...].prefix(400)) } ?? ""
        let root =
            layout.contains("val root: List<")
            ? "it.root.map { node -> \(renderer).render(node) }" : "\(renderer).render(it.root)"
        return "envelope.layouts.map { it.device + \" \" + \(root) }"
    }
}
