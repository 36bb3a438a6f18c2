import Foundation
import ScreenCompiler
import ScreenKit

/// The static preview site: one self-contained page per screen, every supported client version
/// side by side, and an index. No JavaScript, no network fetches: images are drawn as labelled
/// placeholders with their URL.
///
/// A screen with localizations (``CompiledScreen/localizations``) also has a page per locale in a
/// folder named after it, `de/sign-in.html`, the pseudo-locale's in `pseudo/`; each of its pages
/// links all of them (a locale switcher of plain links). Other pages keep their exact bytes.
public enum PreviewSite {
    /// A page: its file name and HTML.
    public struct Page: Sendable, Hashable {
        /// The file name, e.g. `home.html`.
        public let name: String
        /// The HTML.
        public let html: String
    }

    /// The previews `catalog`'s components declare (``ComponentSchema/preview``), by wire type:
    /// what ``pages(for:sourceLocale:previews:)`` draws them with.
    public static func declaredPreviews(of catalog: Catalog) -> [String: ComponentPreview] {
        Dictionary(catalog.components.compactMap { component in component.preview.map { (component.type, $0) } }) {
            first, _ in first
        }
    }

    /// The file name of a screen's page: `home.html` in the source language, else in the locale's
    /// folder, `de/home.html`.
    public static func pageName(_ screenID: String, locale: String? = nil) -> String {
        (locale.map { "\($0)/" } ?? "") + "\(screenID).html"
    }

    /// Every page of the site: `index.html`, one per screen, and one per locale of each localized
    /// screen; `sourceLocale` names the source language in the locale switcher.
    /// `previews` are the app's components' declared previews, by wire type.
    /// `design` draws the catalog's colour tokens and marks accessibility findings.
    public static func pages(
        for screens: [CompiledScreen], sourceLocale: String = "en", previews: [String: ComponentPreview] = [:],
        design: PreviewDesign = PreviewDesign()
    ) throws(RenderError) -> [Page] {
        var pages = [Page(name: "index.html", html: index(screens))]
        for screen in screens {
            pages.append(
                Page(
                    name: pageName(screen.id),
                    html: try page(screen, sourceLocale: sourceLocale, previews: previews, design: design)))
            for localized in screen.localizations {
                let html = try page(
                    screen, locale: localized.locale, sourceLocale: sourceLocale, previews: previews, design: design)
                pages.append(Page(name: pageName(screen.id, locale: localized.locale), html: html))
            }
        }
        return pages
    }

    /// Why a page could not be rendered.
    public struct RenderError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// One screen's page: every variant side by side, with what each version gets differently. A
    /// screen with experiments shows every combination of its arms, the control first, each with
    /// every version side by side. A localized screen's page is in `locale` (one of its
    /// ``CompiledScreen/localizations``; nil for the source language) and links every locale.
    public static func page(
        _ screen: CompiledScreen, locale: String? = nil, sourceLocale: String = "en",
        previews: [String: ComponentPreview] = [:], design: PreviewDesign = PreviewDesign()
    ) throws(RenderError) -> String {
        guard !screen.localizations.isEmpty else {
            return try page(screen, switcher: nil, previews: previews, design: design)
        }
        let switcher = LocaleSwitcher(
            screenID: screen.id, source: sourceLocale, others: screen.localizations.map(\.locale), current: locale)
        guard let locale else { return try page(screen, switcher: switcher, previews: previews, design: design) }
        guard let localized = screen.localizations.first(where: { $0.locale == locale }) else {
            throw RenderError(description: "the screen \(screen.id) is not localized for \(locale)")
        }
        return try page(localized.screen, switcher: switcher, previews: previews, design: design)
    }

    /// The page of `screen` (in one locale), with `switcher` on the pages of a localized screen.
    private static func page(
        _ screen: CompiledScreen, switcher: LocaleSwitcher?, previews: [String: ComponentPreview],
        design: PreviewDesign
    ) throws(RenderError) -> String {
        let full = try object(screen.full, screen.id)
        let title = full["title"] as? String
        let home = HTML.escape((switcher?.pathToRoot ?? "") + "index.html")
        var body = "<header><a href=\"\(home)\">All screens</a><h1>\(HTML.escape(screen.id))</h1>"
        body += "<p>\(title.map { "“\(HTML.escape($0))” · " } ?? "")supports contract \(screen.minContract)"
        body += screen.contract > screen.minContract ? " to \(screen.contract)" : ""
        body += " · each column is what clients of that contract version render</p>"
        body += switcher?.html ?? ""
        let language = switcher?.language.map { " lang=\"\(HTML.escape($0))\"" } ?? ""
        let pageTitle = "\(screen.id)\(switcher?.current.map { " (\($0))" } ?? "") — ScreenKit preview"
        let localeStyle = switcher == nil ? "" : localeStylesheet
        guard !screen.combinations.isEmpty else {
            let main = try columns(
                full: full, variants: screen.variants, title: title, screenID: screen.id, heading: "h2",
                previews: previews, findings: design.findings)
            let (toggle, designStyle) = design.appearanceSwitch(design.used(in: main))
            let findingStyle = main.contains("sk-finding") ? findingStylesheet : ""
            body += toggle + "</header><main class=\"versions\"\(language)>" + main + "</main>"
            return document(
                title: pageTitle, body: (toggle.isEmpty ? "" : Self.darkSwitch) + body,
                style: designStyle + findingStyle + localeStyle)
        }
        body += "<p class=\"experiments\">\(screen.combinations.count) combination"
        body += "\(screen.combinations.count == 1 ? "" : "s") of "
        body += screen.experiments.map(describe).joined(separator: " · ")
        body += " · each row is one combination, the control first</p>"
        var main = ""
        for combination in screen.combinations {
            let arms = armList(screen, combination.arms)
            let isControl = Self.isControl(screen, combination.arms)
            let pairs = arms.map { "\($0.experiment)=\($0.arm)" }.joined(separator: ";")
            main += "<section class=\"combination\" data-arms=\"\(HTML.escape(pairs))\""
            main += isControl ? " data-control>" : ">"
            main += "<h2 class=\"arms\">\(HTML.escape(label(arms)))"
            main += isControl ? "<span class=\"status control\">control</span>" : ""
            main += "</h2><div class=\"versions\">"
            main += try columns(
                full: try object(combination.full, screen.id), variants: combination.variants, title: title,
                screenID: screen.id, heading: "h3", previews: previews, findings: design.findings)
            main += "</div></section>"
        }
        let (toggle, designStyle) = design.appearanceSwitch(design.used(in: main))
        let findingStyle = main.contains("sk-finding") ? findingStylesheet : ""
        body += toggle + "</header><main class=\"combinations\"\(language)>" + main + "</main>"
        return document(
            title: pageTitle, body: (toggle.isEmpty ? "" : Self.darkSwitch) + body,
            style: experimentStylesheet + designStyle + findingStyle + localeStyle)
    }

    /// The locale switcher of a localized screen's pages: a plain link to its page in each locale,
    /// the source language first and the pseudo-locale last, the page's own marked as current.
    struct LocaleSwitcher {
        let screenID: String
        /// The source language's name.
        let source: String
        /// The screen's other locales, in the order of its localizations.
        let others: [String]
        /// The page's locale; nil for the source language.
        let current: String?

        /// The way from the page back to the site's root: `../` from a locale's folder.
        var pathToRoot: String { current == nil ? "" : "../" }

        /// The language of the page's screens; none for the pseudo-locale (not a language).
        var language: String? {
            guard let current else { return source }
            return current == Localizer.pseudoLocale ? nil : current
        }

        var html: String {
            let links = ([nil] + others.map(Optional.some)).map { locale in
                let href = HTML.escape(pathToRoot + PreviewSite.pageName(screenID, locale: locale))
                let marked = locale == current ? " aria-current=\"page\"" : ""
                return "<a href=\"\(href)\"\(marked)>\(HTML.escape(locale ?? source))</a>"
            }
            var html = "<nav class=\"locales\" aria-label=\"Locales\">Locale: " + links.joined(separator: " ")
            if current == Localizer.pseudoLocale {
                html += "<span class=\"pseudo-note\">pseudo-locale: every localized string accented, 40 % longer and"
                html += " [bracketed]; text without brackets is not localized, a missing ] is cut off</span>"
            }
            return html + "</nav>"
        }
    }

    /// Every variant's column, side by side, each headed by a `heading` element.
    private static func columns(
        full: [String: Any], variants: [CompiledScreen.Variant], title: String?, screenID: String, heading: String,
        previews: [String: ComponentPreview], findings: [String: [Diagnostic]]
    ) throws(RenderError) -> String {
        var body = ""
        for variant in variants {
            body += try section(
                envelope: object(variant.envelope, screenID), contract: variant.contract,
                downgrades: variant.downgrades,
                full: full, title: title, heading: heading, previews: previews, findings: findings)
        }
        return body
    }

    /// One version's column: what clients of `contract` render from `envelope`, with its fallbacks.
    private static func section(
        envelope: [String: Any], contract: Int, downgrades: [Downgrade], full: [String: Any], title: String?,
        heading: String, previews: [String: ComponentPreview], findings: [String: [Diagnostic]] = [:]
    ) -> String {
        var marks: [String: [Downgrade]] = [:]
        for downgrade in downgrades { marks[downgrade.nodeID, default: []].append(downgrade) }
        var renderer = NodeRenderer(full: index(full["root"]), marks: marks, previews: previews)
        renderer.findings = findings
        if let root = envelope["root"] as? [String: Any] { renderer.render(root) }
        // Analytics events left out are listed, but the screen still renders fully.
        let fallbackCount = downgrades.filter(\.isFallback).count
        let status =
            fallbackCount == 0
            ? "<span class=\"status ok\">renders fully</span>"
            : "<span class=\"status warn\">\(fallbackCount) fallback\(fallbackCount == 1 ? "" : "s")</span>"
        var body = "<section class=\"version\" data-contract=\"\(contract)\">"
        body += "<\(heading)>Contract \(contract) \(status)</\(heading)><div class=\"phone\">"
        if let title { body += "<div class=\"nav-title\">\(HTML.escape(title))</div>" }
        body += "<div class=\"phone-body\">\(renderer.html)</div></div>"
        if !downgrades.isEmpty {
            body += "<ul class=\"downgrades\">"
            for downgrade in downgrades { body += "<li>\(HTML.escape(downgrade.description))</li>" }
            body += "</ul>"
        }
        return body + "</section>"
    }

    /// A page of one version of a screen, from its published bytes alone (e.g. a baseline build's
    /// objects): what clients of `contract` render from the variant `envelope`, titled from the
    /// `full` envelope when given. Fallbacks are not marked (a published object does not list them).
    /// For before/after screenshots in review.
    public static func versionPage(
        screenID: String, contract: Int, envelope: [UInt8], full: [UInt8]?,
        previews: [String: ComponentPreview] = [:]
    ) throws(RenderError) -> String {
        let envelopeObject = try object(envelope, screenID)
        let fullObject = try full.map { bytes throws(RenderError) in try object(bytes, screenID) } ?? envelopeObject
        let title = fullObject["title"] as? String ?? envelopeObject["title"] as? String
        let body =
            "<main class=\"versions\">"
            + section(
                envelope: envelopeObject, contract: contract, downgrades: [], full: fullObject, title: title,
                heading: "h2", previews: previews) + "</main>"
        return document(title: "\(screenID) (contract \(contract)) — ScreenKit preview", body: body)
    }

    /// The arm of each of the screen's experiments in `arms` (the control where it names none), in
    /// the order the screen declares them; arms of undeclared experiments follow by name.
    static func armList(_ screen: CompiledScreen, _ arms: ArmChoice) -> [(experiment: String, arm: String)] {
        let declared = Set(screen.experiments.map(\.name))
        return screen.experiments.map { ($0.name, arms[$0.name] ?? $0.control) }
            + arms.filter { !declared.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A combination's label, e.g. `promo-order: shipping-first · cart-reminder: on`.
    static func label(_ arms: [(experiment: String, arm: String)]) -> String {
        arms.map { "\($0.experiment): \($0.arm)" }.joined(separator: " · ")
    }

    /// Whether `arms` picks the control arm of every one of the screen's experiments.
    static func isControl(_ screen: CompiledScreen, _ arms: ArmChoice) -> Bool {
        screen.experiments.allSatisfy { (arms[$0.name] ?? $0.control) == $0.control }
    }

    /// An experiment as a page's header lists it: its name, how it decides and its arms.
    private static func describe(_ experiment: Experiment.Declaration) -> String {
        let arms = experiment.arms.map { "\($0.name) \($0.weight)" }.joined(separator: " / ")
        let decision: String
        switch experiment.decision {
        case .weighted: decision = "A/B test: \(arms)"
        case .flag(let flag): decision = "flag: on when “\(flag)” is true"
        case .rollout(let percent): decision = "rollout: on for \(percent) % of units"
        }
        return "\(HTML.escape(experiment.name)) (\(HTML.escape(decision)); control: \(HTML.escape(experiment.control)))"
    }

    /// The index: every screen and, per version, whether it renders fully; a screen with
    /// experiments is marked with their names and its number of combinations.
    public static func index(_ screens: [CompiledScreen]) -> String {
        let versions = Array(Set(screens.flatMap { $0.variants.map(\.contract) })).sorted()
        let experimental = screens.count { !$0.combinations.isEmpty }
        var body = "<header><h1>ScreenKit preview</h1><p>\(screens.count) screens · contract versions "
        body += versions.map(String.init).joined(separator: ", ")
        if experimental > 0 {
            body += " · \(experimental) with experiments, every combination of their arms shown"
        }
        body += "</p></header><main><table class=\"matrix\"><thead><tr><th>screen</th>"
        for version in versions { body += "<th>contract \(version)</th>" }
        body += "</tr></thead><tbody>"
        for screen in screens {
            body += "<tr><td><a href=\"\(HTML.escape(pageName(screen.id)))\">\(HTML.escape(screen.id))</a>"
            if !screen.localizations.isEmpty {
                body += "<span class=\"locales\">in "
                body += screen.localizations.map {
                    "<a href=\"\(HTML.escape(pageName(screen.id, locale: $0.locale)))\">\(HTML.escape($0.locale))</a>"
                }.joined(separator: " ")
                body += "</span>"
            }
            if !screen.combinations.isEmpty {
                let names = screen.experiments.map(\.name).joined(separator: ", ")
                let count = screen.combinations.count
                body += "<span class=\"experiments\" data-combinations=\"\(count)\">experiments: "
                body += "\(HTML.escape(names)) · \(count) combination\(count == 1 ? "" : "s")</span>"
            }
            body += "</td>"
            for version in versions {
                guard let variant = screen.variant(for: version) else {
                    body += "<td class=\"na\">not supported</td>"
                    continue
                }
                let downgrades =
                    screen.combinations.isEmpty ? variant.downgrades.map(\.description) : summary(screen, version)
                body +=
                    downgrades.isEmpty
                    ? "<td class=\"ok\">renders fully</td>"
                    : "<td class=\"warn\">\(HTML.escape(downgrades.joined(separator: "; ")))</td>"
            }
            body += "</tr>"
        }
        body += "</tbody></table></main>"
        let localized = screens.contains { !$0.localizations.isEmpty }
        return document(
            title: "ScreenKit preview", body: body,
            style: (experimental > 0 ? experimentStylesheet : "") + (localized ? localeStylesheet : ""))
    }

    /// What clients of `version` get differently in any combination of a screen's arms, each
    /// followed by the combinations it is limited to when not all of them have it.
    private static func summary(_ screen: CompiledScreen, _ version: Int) -> [String] {
        var order: [String] = []
        var holders: [String: [String]] = [:]
        for combination in screen.combinations {
            var seen: Set<String> = []
            for downgrade in combination.variants.first(where: { $0.contract == version })?.downgrades ?? [] {
                let description = downgrade.description
                guard seen.insert(description).inserted else { continue }
                if holders[description] == nil { order.append(description) }
                holders[description, default: []].append(label(armList(screen, combination.arms)))
            }
        }
        return order.map { description in
            let labels = holders[description] ?? []
            return labels.count == screen.combinations.count
                ? description : "\(description) (only with \(labels.joined(separator: "; ")))"
        }
    }

    private static func object(_ bytes: [UInt8], _ screenID: String) throws(RenderError) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw RenderError(description: "the envelope of \(screenID) is not a JSON object")
        }
        return object
    }

    /// The full envelope's primary nodes (not fallback subtrees) by ID.
    private static func index(_ root: Any?) -> [String: [String: Any]] {
        var result: [String: [String: Any]] = [:]
        var stack: [[String: Any]] = (root as? [String: Any]).map { [$0] } ?? []
        while let node = stack.popLast() {
            if let id = node["id"] as? String { result[id] = node }
            stack.append(contentsOf: node["children"] as? [[String: Any]] ?? [])
        }
        return result
    }

    /// The hidden checkbox the appearance switch's label toggles, first in the body so that the
    /// main part (a later sibling) can follow it without a script.
    static let darkSwitch = "<input type=\"checkbox\" id=\"sk-dark\" aria-label=\"dark appearance\">"

    /// A page: `style` follows the stylesheet (pages without experiments have none).
    private static func document(title: String, body: String, style: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title))</title>
        <style>\(stylesheet)\(style)</style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let stylesheet = """
        body{margin:0;font-family:-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;background:#eef0f4;color:#111827}\
        header{padding:16px 24px;background:#fff;border-bottom:1px solid #d1d5db}header h1{margin:4px 0;font-size:22px}\
        header p{margin:0;color:#4b5563;font-size:14px}a{color:#2563eb}\
        .versions{display:flex;gap:24px;padding:24px;align-items:flex-start;overflow-x:auto}\
        .version{flex:0 0 auto}.version h2{font-size:16px;margin:0 0 8px}\
        .status{font-size:12px;font-weight:500;padding:2px 8px;border-radius:10px;margin-left:6px}\
        .ok,.status.ok{background:#dcfce7;color:#166534}.warn,.status.warn{background:#fef3c7;color:#92400e}.na{color:#6b7280}\
        .phone{width:375px;height:720px;background:#fff;border:10px solid #111827;border-radius:36px;overflow:hidden;\
        display:flex;flex-direction:column}\
        .nav-title{padding:12px 16px;font-weight:600;text-align:center;border-bottom:1px solid #e5e7eb}\
        .phone-body{flex:1;overflow-y:auto;display:flex;flex-direction:column;padding-top:16px}\
        .downgrades{width:375px;font-size:12px;color:#92400e;padding-left:18px}\
        .sk{box-sizing:border-box;position:relative}\
        .sk-column,.sk-lazyVStack{display:flex;flex-direction:column;align-items:stretch}\
        .sk-row{display:flex;flex-direction:row}.sk-scrollView{display:flex;flex-direction:column;flex:1}\
        .sk-scrollView[style*="overflow-x"]{flex-direction:row;flex:none}\
        .sk-card{display:flex;flex-direction:column;gap:8px;background:#f9fafb;box-shadow:0 1px 3px rgba(0,0,0,.15)}\
        .sk-text{margin:0;white-space:pre-wrap}.sk-text-largeTitle{font-size:34px;font-weight:700}\
        .sk-text-display{font-size:44px;font-weight:800}.sk-text-title{font-size:28px;font-weight:600}\
        .sk-text-headline{font-size:17px;font-weight:600}.sk-text-subheadline{font-size:15px;color:#374151}\
        .sk-text-body{font-size:17px}.sk-text-caption{font-size:12px;color:#4b5563}.sk-text-footnote{font-size:13px;color:#6b7280}\
        .sk-image{background:repeating-linear-gradient(45deg,#e5e7eb,#e5e7eb 8px,#f3f4f6 8px,#f3f4f6 16px);display:flex;\
        flex-direction:column;justify-content:center;align-items:center;overflow:hidden;max-width:100%}\
        .sk-image-label{font-size:12px;font-weight:600}.sk-image-url{font-size:10px;color:#6b7280;word-break:break-all;padding:0 4px}\
        .sk-button{font:inherit;font-size:16px;padding:10px 16px;border-radius:10px;border:none;cursor:pointer}\
        .sk-button-primary{background:#2563eb;color:#fff}.sk-button-secondary{background:#e5e7eb;color:#111827}\
        .sk-button-destructive{background:#dc2626;color:#fff}.sk-button-plain{background:none;color:#2563eb;padding:4px}\
        .sk-button:disabled{opacity:.45;cursor:default}\
        .sk-textField input{width:100%;box-sizing:border-box;font:inherit;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px}\
        .sk-divider{width:100%}\
        .sk-marked{outline:2px dashed #d97706;outline-offset:2px;margin-top:18px}\
        .sk-badge{position:absolute;bottom:calc(100% + 3px);right:0;z-index:1;font-size:10px;line-height:13px;\
        font-weight:600;color:#fff;background:#d97706;padding:1px 6px;border-radius:8px;white-space:nowrap;max-width:100%;\
        box-sizing:border-box;overflow:hidden;text-overflow:ellipsis}\
        .sk-dropped{font-size:11px;color:#92400e;border:1px dashed #d97706;border-radius:6px;padding:4px 8px;background:#fffbeb}\
        .matrix{border-collapse:collapse;margin:24px;background:#fff}.matrix th,.matrix td{border:1px solid #d1d5db;padding:8px 12px;\
        font-size:14px;text-align:left}
        """

    /// The rules only pages with experiments need, after ``stylesheet``: the pages without any
    /// keep their exact bytes.
    static let experimentStylesheet = """
        .experiments{display:block;font-size:12px;color:#1e40af}header p.experiments{font-size:13px;margin-top:4px}\
        .combination{border-bottom:1px solid #d1d5db}.combination h2{font-size:17px;margin:0;padding:20px 24px 0}\
        .combination .versions{padding-top:12px}.version h3{font-size:16px;margin:0 0 8px}\
        .status.control{background:#dbeafe;color:#1e40af}
        """

    /// The rules only pages with accessibility findings need: the other pages keep their exact bytes.
    static let findingStylesheet = """
        .sk-finding{outline:2px dotted #dc2626;outline-offset:2px;margin-bottom:18px}.sk-finding-badge{position:absolute;\
        top:calc(100% + 3px);left:0;z-index:1;font-size:10px;line-height:13px;font-weight:600;color:#fff;\
        background:#dc2626;padding:1px 6px;border-radius:8px;white-space:nowrap}
        """

    /// The rules only localized screens' pages (and an index listing one) need, last: the other
    /// pages keep their exact bytes.
    static let localeStylesheet = """
        .locales{display:block;margin-top:6px;font-size:13px;color:#4b5563}.locales a{margin-right:6px}\
        .locales a[aria-current]{font-weight:700;color:#111827;text-decoration:none}\
        .pseudo-note{display:block;margin-top:4px;font-size:12px;color:#6b7280}
        """
}
