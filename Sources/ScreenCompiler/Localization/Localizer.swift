import ScreenKit
import ScreenLocalization

/// Replaces every localized string of a screen with its text in one locale, so the validators and
/// writers only ever see plain strings.
///
/// Props, list and map elements, action fields (fallbacks included), the initial state, fallback
/// nodes and experiment arms are all localized. The walk stops at the depth past which a screen is
/// refused (`depth-exceeded`), so a hostile tree cannot exhaust the stack.
public struct Localizer: Sendable {
    /// The translations, or nil to use each string's default value (no catalog configured).
    public let translations: Translations?
    /// The locale the screen is built for (the source language for the pseudo-locale).
    public let locale: String
    /// Whether strings are pseudo-localized (``pseudo(translations:)``) rather than translated.
    public let isPseudo: Bool

    /// The name the pseudo-locale goes by where a locale is named (``CompiledScreen/Localized``):
    /// not a language, and never one a catalog can be configured for.
    public static let pseudoLocale = "pseudo"

    /// A localizer for `locale` with `translations`.
    public init(translations: Translations?, locale: String) {
        self.init(translations: translations, locale: locale, isPseudo: false)
    }

    private init(translations: Translations?, locale: String, isPseudo: Bool) {
        self.translations = translations
        self.locale = locale
        self.isPseudo = isPseudo
    }

    /// A localizer for the pseudo-locale: each string's source-language text (the catalog's, else
    /// its default value) accented, padded by 40 % and bracketed (``PseudoLocalization``), its
    /// arguments formatted as the source language writes them. Literal strings stay as written,
    /// so they stand out. For the preview only: never built or published.
    public static func pseudo(translations: Translations?) -> Localizer {
        Localizer(translations: translations, locale: translations?.sourceLanguage ?? "en", isPseudo: true)
    }

    /// The text of `string` in the locale.
    public func text(of string: LocalizedString) -> String {
        let arguments = string.arguments.map(\.formatArgument)
        if isPseudo {
            guard let translations else {
                return PseudoLocalization.format(
                    defaultValue: string.defaultValue, arguments: arguments, locale: locale)
            }
            return translations.pseudoLocalized(
                string.key, table: string.tableName, defaultValue: string.defaultValue, arguments: arguments)
        }
        if let translations {
            return translations.format(
                string.key, table: string.tableName, defaultValue: string.defaultValue, arguments: arguments,
                locale: locale)
        }
        return Translations.format(defaultValue: string.defaultValue, arguments: arguments, locale: locale)
    }

    /// `screen` with every localized string replaced by its text; the same screen when it has none.
    public func localize(_ screen: Screen) -> Screen {
        guard Self.isLocalized(screen) else { return screen }
        var screen = screen
        for key in screen.initialState.keys.sorted() { screen.initialState[key] = localize(screen.initialState[key]!) }
        localize(&screen.content, depth: 0)
        for index in screen.layouts.indices { localize(&screen.layouts[index].content, depth: 0) }
        return screen
    }

    private func localize(_ nodes: inout [Node], depth: Int) {
        guard depth < ExperimentResolution.walkDepth else { return }
        for index in nodes.indices { localize(&nodes[index], depth: depth) }
    }

    private func localize(_ node: inout Node, depth: Int) {
        for index in node.props.indices where node.props[index].value.holdsLocalized {
            node.props[index].value = localize(node.props[index].value)
        }
        if node.children != nil {
            // Taken out and put back, so the array stays uniquely referenced and is changed in place.
            var children = node.children!
            node.children = nil
            localize(&children, depth: depth + 1)
            node.children = children
        }
        if case .node(var fallback) = node.fallback {
            node.fallback = nil
            localize(&fallback, depth: depth + 1)
            node.fallback = .node(fallback)
        }
        if var experiment = node.experiment {
            for index in experiment.arms.indices { localize(&experiment.arms[index].content, depth: depth + 1) }
            node.experiment = experiment
        }
    }

    private func localize(_ value: Value) -> Value {
        switch value {
        case .localized(let string): .string(text(of: string))
        case .list(let values): .list(values.map(localize))
        case .map(let map): .map(map.mapValues(localize))
        case .action(let action): .action(localize(action))
        case .string, .number, .bool: value
        }
    }

    private func localize(_ action: Action) -> Action {
        var action = action
        for index in action.fields.indices { action.fields[index].value = localize(action.fields[index].value) }
        if case .action(let fallback) = action.fallback { action.fallback = .action(localize(fallback)) }
        return action
    }

    /// Whether `screen` holds a localized string anywhere (within the depth a valid screen can have).
    public static func isLocalized(_ screen: Screen) -> Bool {
        !LocalizedUses.collect(in: screen, stoppingAtFirst: true).isEmpty
    }
}

extension Value {
    /// Whether the value is, or holds, a localized string.
    var holdsLocalized: Bool {
        switch self {
        case .localized: true
        case .list(let values): values.contains { $0.holdsLocalized }
        case .map(let map): map.values.contains { $0.holdsLocalized }
        case .action(let action): action.holdsLocalized
        case .string, .number, .bool: false
        }
    }
}

extension Action {
    fileprivate var holdsLocalized: Bool {
        if fields.contains(where: { $0.value.holdsLocalized }) { return true }
        if case .action(let fallback) = fallback { return fallback.holdsLocalized }
        return false
    }
}

extension LocalizedString.Argument {
    /// The argument as the formatter takes it.
    var formatArgument: FormatArgument {
        switch self {
        case .int(let value): .integer(value)
        case .string(let value): .object(value)
        case .double(let value): .double(value)
        }
    }
}

/// Every localized string a screen uses, where it is written and what it fills.
struct LocalizedUses {
    /// One use.
    struct Use {
        let string: LocalizedString
        /// The node's source line; nil for a request-time string the catalog declares.
        let source: SourceLocation?
        /// `screen/…/node`, by explicit ID or type; nil for a request-time string.
        let path: String?
        /// What it fills, for messages: `"text" prop "content"`.
        let owner: String
    }

    /// The uses in `screen`: its body, device layouts, initial state, fallbacks and experiment arms.
    static func collect(in screen: Screen, stoppingAtFirst: Bool = false) -> [Use] {
        var uses: [Use] = []
        for key in screen.initialState.keys.sorted() {
            collect(
                screen.initialState[key]!, owner: "initial state \"\(key)\"", source: screen.source, path: screen.id,
                into: &uses)
            if stoppingAtFirst && !uses.isEmpty { return uses }
        }
        // Iterative: a hostile screen may nest far deeper than the stack allows recursion.
        var stack: [(nodes: [Node], depth: Int, path: String)] =
            [(screen.content, 0, screen.id)] + screen.layouts.map { ($0.content, 0, screen.id + "." + $0.device) }
        while let (nodes, depth, path) = stack.popLast() {
            guard depth < ExperimentResolution.walkDepth else { continue }
            for node in nodes.reversed() {
                let nodePath = path + "/" + (node.id ?? node.type)
                for prop in node.props where prop.value.holdsLocalized {
                    collect(
                        prop.value, owner: "\"\(node.type)\" prop \"\(prop.key)\"", source: node.source, path: nodePath,
                        into: &uses)
                    if stoppingAtFirst { return uses }
                }
                if let children = node.children { stack.append((children, depth + 1, nodePath)) }
                if case .node(let fallback) = node.fallback {
                    stack.append(([fallback], depth + 1, nodePath + "/fallback"))
                }
                if let experiment = node.experiment {
                    for arm in experiment.arms { stack.append((arm.content, depth + 1, path)) }
                }
            }
        }
        // The walk pops last-pushed first; uses are reported in document order by source.
        func order(_ use: Use) -> (String, Int, Int) {
            (use.source?.file ?? "", use.source?.line ?? 0, use.source?.column ?? 0)
        }
        return uses.sorted { order($0) < order($1) }
    }

    private static func collect(
        _ value: Value, owner: String, source: SourceLocation, path: String, into uses: inout [Use]
    ) {
        switch value {
        case .localized(let string): uses.append(Use(string: string, source: source, path: path, owner: owner))
        case .list(let values):
            for (index, item) in values.enumerated() {
                collect(item, owner: "\(owner)[\(index)]", source: source, path: path, into: &uses)
            }
        case .map(let map):
            for key in map.keys.sorted() {
                collect(map[key]!, owner: "\(owner)[\"\(key)\"]", source: source, path: path, into: &uses)
            }
        case .action(let action):
            for field in action.fields {
                collect(field.value, owner: "\(owner) field \"\(field.key)\"", source: source, path: path, into: &uses)
            }
            if case .action(let fallback) = action.fallback {
                collect(.action(fallback), owner: "\(owner) fallback", source: source, path: path, into: &uses)
            }
        case .string, .number, .bool: break
        }
    }
}
