import Foundation
import ScreenCompiler
import ScreenKit

/// Renders one variant's node tree as HTML, following the components' layout meaning.
///
/// Works from the variant's JSON, exactly what those clients receive. Nodes replaced by a
/// fallback are outlined and labelled; dropped nodes leave a labelled placeholder where they
/// were (found through the full envelope). A component the preview has no renderer for (an app's
/// own) is drawn with its declared preview, else as a labelled box of its type, props and children.
struct NodeRenderer {
    /// The full envelope's nodes by ID, for fallbacks and dropped-node positions.
    let full: [String: [String: Any]]
    /// What this version gets differently, by node ID.
    let marks: [String: [Downgrade]]
    /// The app's components' declared previews, by wire type.
    var previews: [String: ComponentPreview] = [:]
    /// The accessibility findings, by node ID: marked on the node, in every column.
    var findings: [String: [Diagnostic]] = [:]
    var html = ""

    static let knownTypes: Set<String> = [
        "column", "row", "scrollView", "lazyVStack", "text", "image", "spacer", "button", "textField", "card",
        "divider",
    ]

    mutating func render(_ node: [String: Any]) {
        let type = node["type"] as? String ?? "?"
        let id = node["id"] as? String ?? ""
        guard Self.knownTypes.contains(type) else {
            // The clients of this version know the component: it is drawn as itself (a node they
            // do not know is already its fallback in the variant, and marked).
            if let preview = previews[type] {
                renderDeclared(node, type: type, id: id, preview: preview)
            } else {
                renderGeneric(node, type: type, id: id)
            }
            return
        }
        var classes = ["sk", "sk-\(type)"]
        switch type {
        case "text": classes.append("sk-text-\(node["style"] as? String ?? "body")")
        case "button": classes.append("sk-button-\(node["style"] as? String ?? "primary")")
        default: break
        }
        let (markClasses, badge) = mark(id)
        classes += markClasses
        let style = Self.style(type, node)
        var attributes = "class=\"\(classes.joined(separator: " "))\" data-node-id=\"\(HTML.escape(id))\""
        if !style.isEmpty { attributes += " style=\"\(HTML.escape(style))\"" }
        switch type {
        case "text":
            html += "<p \(attributes)>\(badge)\(HTML.escape(node["content"] as? String ?? ""))</p>"
        case "image":
            let label = node["accessibilityLabel"] as? String ?? "image"
            let detail = "\(node["url"] as? String ?? "") · \(node["contentMode"] as? String ?? "fit")"
            html += "<div \(attributes) role=\"img\" aria-label=\"\(HTML.escape(label))\">\(badge)"
            html += "<span class=\"sk-image-label\">\(HTML.escape(label))</span>"
            html += "<span class=\"sk-image-url\">\(HTML.escape(detail))</span></div>"
        case "spacer", "divider":
            html += "<div \(attributes)>\(badge)</div>"
        case "button":
            let enabled = node["isEnabled"] as? Bool ?? true
            let action = HTML.escape(Self.describe(action: node["action"]))
            html += "<button \(attributes) type=\"button\" title=\"\(action)\"\(enabled ? "" : " disabled")>"
            html += "\(badge)\(HTML.escape(node["label"] as? String ?? ""))</button>"
        case "textField":
            let secure = node["isSecure"] as? Bool ?? false
            let keyboard = node["keyboardType"] as? String ?? "default"
            let inputType =
                secure ? "password" : ["email": "email", "number": "number", "url": "url"][keyboard] ?? "text"
            let placeholder = HTML.escape(node["placeholder"] as? String ?? "")
            let key = HTML.escape(node["stateKey"] as? String ?? "")
            html += "<label \(attributes)>\(badge)<input type=\"\(inputType)\" placeholder=\"\(placeholder)\""
            html += " data-state-key=\"\(key)\" readonly></label>"
        default:
            let action = node["action"].map { " title=\"\(HTML.escape(Self.describe(action: $0)))\"" } ?? ""
            html += "<div \(attributes)\(action)>\(badge)"
            renderChildren(of: node, id: id)
            html += "</div>"
        }
    }

    /// The children, in the full envelope's order, with a placeholder where a child was dropped.
    private mutating func renderChildren(of node: [String: Any], id: String) {
        let children = node["children"] as? [[String: Any]] ?? []
        var byID: [String: [String: Any]] = [:]
        for child in children { if let childID = child["id"] as? String { byID[childID] = child } }
        let fullChildren = (full[id]?["children"] as? [[String: Any]]) ?? []
        let fullIDs = fullChildren.compactMap { $0["id"] as? String }
        guard !fullIDs.isEmpty, Set(byID.keys).isSubset(of: Set(fullIDs)) else {
            for child in children { render(child) }
            return
        }
        for (childID, fullChild) in zip(fullIDs, fullChildren) {
            if let child = byID[childID] {
                render(child)
            } else if let dropped = marks[childID]?.first(where: { if case .dropped = $0 { true } else { false } }) {
                let type = HTML.escape(fullChild["type"] as? String ?? "")
                html += "<div class=\"sk-dropped\" data-dropped-id=\"\(HTML.escape(childID))\" data-type=\"\(type)\">"
                html += "\(HTML.escape(Self.label(dropped)))</div>"
            }
        }
    }

    /// The classes and the badge marking what this version gets differently at `id`; none when
    /// it gets the node as written.
    private func mark(_ id: String) -> (classes: [String], badge: String) {
        var classes: [String] = []
        var badge = ""
        if let downgrades = marks[id], !downgrades.isEmpty {
            classes.append("sk-marked")
            if case .replaced = downgrades[0] { classes.append("sk-fallback") }
            badge +=
                "<span class=\"sk-badge\">\(HTML.escape(downgrades.map(Self.label).joined(separator: "; ")))</span>"
        }
        if let found = findings[id], !found.isEmpty {
            classes.append("sk-finding")
            let title = HTML.escape(found.map(\.message).joined(separator: "\n"))
            badge += "<span class=\"sk-finding-badge\" title=\"\(title)\">"
            var rules: [String] = []
            for rule in found.map(\.rule) where !rules.contains(rule) { rules.append(rule) }
            badge += "\(HTML.escape(rules.joined(separator: ", ")))</span>"
        }
        return (classes, badge)
    }

    /// A component drawn with the template its declaration gives (``ComponentPreview``): each
    /// `{{key}}` the prop's value escaped, `{{children}}` and `{{slot:name}}` drawn here.
    private mutating func renderDeclared(_ node: [String: Any], type: String, id: String, preview: ComponentPreview) {
        let (marked, badge) = mark(id)
        let classes = (["sk-declared"] + marked).joined(separator: " ")
        html += "<div class=\"\(classes)\" data-node-id=\"\(HTML.escape(id))\" data-type=\"\(HTML.escape(type))\""
        html += (marked.isEmpty ? "" : " style=\"position:relative\"") + ">" + badge
        var rest = Substring(preview.template)
        while let open = rest.range(of: "{{") {
            html += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            let children = node["children"] as? [[String: Any]] ?? []
            if name == "children" {
                for child in children where child["slot"] == nil { render(child) }
            } else if name.hasPrefix("slot:") {
                let slot = String(name.dropFirst(5))
                for child in children where child["slot"] as? String == slot { render(child) }
            } else {
                html += HTML.escape(Self.text(node[name]))
            }
        }
        html += rest + "</div>"
    }

    /// A prop's value as text: a string as it is, anything else as compact JSON; empty when unset.
    static func text(_ value: Any?) -> String {
        guard let value else { return "" }
        if let string = value as? String { return string }
        let data =
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The keys of a flat-format node that are not props.
    static let structuralKeys: Set<String> = ["type", "id", "children", "fallback", "slot"]

    /// A component with neither a renderer here nor a fallback: a labelled box showing its wire
    /// type, ID and every prop (URLs and images as such, actions described), with its children
    /// inside, each named slot's under its name. Styled inline, so pages without such a component
    /// keep their bytes.
    private mutating func renderGeneric(_ node: [String: Any], type: String, id: String) {
        let (marked, badge) = mark(id)
        let classes = (["sk-generic"] + marked).joined(separator: " ")
        html += "<div class=\"\(classes)\" data-node-id=\"\(HTML.escape(id))\" data-type=\"\(HTML.escape(type))\""
        html += " style=\"\(marked.isEmpty ? "" : "position:relative;")"
        html += "border:1px solid #9ca3af;border-radius:6px;padding:6px;margin:4px 0;background:#f9fafb\">" + badge
        html += "<div class=\"sk-generic-type\" style=\"font:600 12px ui-monospace,monospace;color:#374151\">"
        html += "\(HTML.escape(type))<span style=\"font-weight:400;color:#6b7280\"> #\(HTML.escape(id))</span></div>"
        let keys = node.keys.filter { !Self.structuralKeys.contains($0) }.sorted()
        if !keys.isEmpty {
            html +=
                "<dl class=\"sk-props\" style=\"margin:4px 0;font-size:12px;display:grid;grid-template-columns:auto 1fr;gap:2px 8px\">"
            for key in keys {
                html +=
                    "<dt style=\"color:#6b7280\">\(HTML.escape(key))</dt><dd style=\"margin:0;overflow-wrap:anywhere\">"
                html += Self.propHTML(key: key, value: node[key]) + "</dd>"
            }
            html += "</dl>"
        }
        let children = node["children"] as? [[String: Any]] ?? []
        var slots: [String] = []
        for child in children {
            if let slot = child["slot"] as? String, !slots.contains(slot) { slots.append(slot) }
        }
        let plain = children.filter { $0["slot"] == nil }
        if !plain.isEmpty {
            html += "<div class=\"sk-generic-children\" style=\"display:flex;flex-direction:column;gap:4px\">"
            for child in plain { render(child) }
            html += "</div>"
        }
        for slot in slots {
            html +=
                "<div class=\"sk-slot\" data-slot=\"\(HTML.escape(slot))\" style=\"border-left:3px solid #d1d5db;padding-left:6px;margin-top:4px\">"
            html +=
                "<div class=\"sk-slot-label\" style=\"font:11px ui-monospace,monospace;color:#6b7280\">slot \(HTML.escape(slot))</div>"
            for child in children where child["slot"] as? String == slot { render(child) }
            html += "</div>"
        }
        html += "</div>"
    }

    /// A prop's value as HTML: an image URL or URL as such, an action described, anything else as text.
    static func propHTML(key: String, value: Any?) -> String {
        switch value {
        case let text as String:
            let lower = text.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
                return "<span class=\"sk-prop-text\">\(HTML.escape(text))</span>"
            }
            let path = lower.split(separator: "?").first.map(String.init) ?? lower
            let isImage =
                key.lowercased().contains("image") || key.lowercased().contains("icon")
                || [".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg"].contains { path.hasSuffix($0) }
            return isImage
                ? "<span class=\"sk-prop-image\" role=\"img\" aria-label=\"image\">image \(HTML.escape(text))</span>"
                : "<span class=\"sk-prop-url\">\(HTML.escape(text))</span>"
        case let action as [String: Any] where action["type"] is String:
            return "<span class=\"sk-prop-action\">\(HTML.escape(describe(action: action)))</span>"
        case nil:
            return ""
        default:
            let data =
                (try? JSONSerialization.data(withJSONObject: value!, options: [.sortedKeys, .fragmentsAllowed]))
                ?? Data()
            var text = String(decoding: data, as: UTF8.self)
            if text.count > 200 { text = String(text.prefix(200)) + "…" }
            return "<span class=\"sk-prop-value\">\(HTML.escape(text))</span>"
        }
    }

    static func label(_ downgrade: Downgrade) -> String {
        switch downgrade {
        case .replaced(_, let type, let by): "fallback: \(by) for \(type)"
        case .dropped(_, let type): "dropped: \(type)"
        case .propRemoved(_, let type, let key): "\(type).\(key) left out"
        case .enumMapped(_, let name, let from, let to): "\(name).\(from) → \(to)"
        case .actionReplaced(_, let kind, let by): "action \(kind) → \(by)"
        case .actionDropped(_, let kind): "action \(kind) dropped"
        case .fieldRemoved(_, let kind, let key): "\(kind).\(key) left out"
        case .eventRemoved(_, let name, _): "event \(name) left out"
        case .eventParamRemoved(_, let name, let key): "event \(name).\(key) left out"
        case .tokenReplaced(_, let token, let by): "token \(token) → \(by)"
        }
    }

    static func describe(action value: Any?) -> String {
        guard let action = value as? [String: Any], let kind = action["type"] as? String else { return "" }
        switch kind {
        case "navigate":
            return
                "navigate → \(action["destination"] as? String ?? "") (\(action["presentation"] as? String ?? "push"))"
        case "apiCall": return "\(action["method"] as? String ?? "POST") \(action["endpoint"] as? String ?? "")"
        case "sequence":
            return ((action["actions"] as? [Any]) ?? []).map { describe(action: $0) }.joined(separator: ", then ")
        case "openURL", "share": return "\(kind) \(action["url"] as? String ?? "")"
        case "showAlert": return "alert “\(action["title"] as? String ?? "")”"
        case "updateState": return "set \(action["key"] as? String ?? "")"
        default: return kind
        }
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    static func points(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))px" : "\(value)px"
    }

    /// The inline CSS for a node's layout props.
    static func style(_ type: String, _ node: [String: Any]) -> String {
        var rules: [String] = []
        let horizontal = ["leading": "flex-start", "center": "center", "trailing": "flex-end"]
        let vertical = ["top": "flex-start", "center": "center", "bottom": "flex-end"]
        switch type {
        case "column", "lazyVStack":
            rules.append("gap:\(points(number(node["spacing"]) ?? 8))")
            if let padding = number(node["padding"]) { rules.append("padding:\(points(padding))") }
            if let alignment = node["alignment"] as? String {
                rules.append("align-items:\(horizontal[alignment] ?? "center")")
            }
        case "row":
            rules.append("gap:\(points(number(node["spacing"]) ?? 8))")
            rules.append("align-items:\(vertical[node["alignment"] as? String ?? "center"] ?? "center")")
        case "scrollView":
            rules.append(node["axis"] as? String == "horizontal" ? "overflow-x:auto" : "overflow-y:auto")
        case "card":
            rules.append("padding:\(points(number(node["padding"]) ?? 16))")
            rules.append("border-radius:\(points(number(node["cornerRadius"]) ?? 12))")
        case "image":
            rules.append("width:\(number(node["width"]).map(points) ?? "100%")")
            rules.append("height:\(number(node["height"]).map(points) ?? "120px")")
            rules.append("border-radius:\(points(number(node["cornerRadius"]) ?? 0))")
        case "spacer":
            if let height = number(node["height"]) { rules.append("height:\(points(height))") }
            if let width = number(node["width"]) { rules.append("width:\(points(width))") }
            if node["height"] == nil && node["width"] == nil { rules.append("flex:1") }
        case "divider":
            rules.append(
                "border-top:\(points(number(node["thickness"]) ?? 1)) solid \(css(color: node["color"] as? String) ?? "#d1d5db")"
            )
        case "text":
            if let color = css(color: node["color"] as? String) { rules.append("color:\(color)") }
            if let lines = number(node["maxLines"]) {
                rules.append(
                    "display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;-webkit-line-clamp:\(Int(lines))")
            }
        default:
            break
        }
        return rules.joined(separator: ";")
    }

    /// `#RRGGBB` as is; `#AARRGGBB` as `rgba(…)`; a token as its custom property, which the page
    /// sets to the token's literal in the appearance shown (``PreviewDesign``).
    static func css(color: String?) -> String? {
        if let color, !color.hasPrefix("#"), ColorToken.isValidName(color) {
            return "var(\(PreviewDesign.variable(color)))"
        }
        guard let color, color.hasPrefix("#") else { return nil }
        let hex = color.dropFirst()
        if hex.count == 6 { return color }
        guard hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        let alpha = Double((value >> 24) & 0xFF) / 255
        return "rgba(\((value >> 16) & 0xFF),\((value >> 8) & 0xFF),\(value & 0xFF),\(String(format: "%.2f", alpha)))"
    }
}
