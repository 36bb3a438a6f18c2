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
    /// Where a screen built at request time notes the strings its locale lacks and the arguments
    /// of a type their specifiers do not take (nil: not noted, as a build needs; its rules check).
    public var findings: LocalizationFindings?

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
        if let findings, let translations, !isPseudo {
            var notes = Translations.FormatNotes()
            let text = translations.format(
                string.key, table: string.tableName, defaultValue: string.defaultValue, arguments: arguments,
                locale: locale, notes: &notes)
            findings.note(string.key, notes)
            return text
        }
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
    ///
    /// One walk, copying only the nodes on the way to a localized string: every other subtree is
    /// shared with `screen` as it is, so a screen with few localized strings (or none) costs little
    /// more than reading it.
    public func localize(_ screen: Screen) -> Screen {
        var screen = localizingInitialState(of: screen)
        if let content = localized(screen.content, depth: 0) { screen.content = content }
        for index in screen.layouts.indices {
            if let content = localized(screen.layouts[index].content, depth: 0) {
                screen.layouts[index].content = content
            }
        }
        return screen
    }

    /// `nodes` localized, or nil when they hold no localized string.
    private func localized(_ nodes: [Node], depth: Int) -> [Node]? {
        guard depth < ExperimentResolution.walkDepth else { return nil }
        // Read in place: copying each node out would retain and release every field it holds.
        return nodes.withUnsafeBufferPointer { buffer -> [Node]? in
            var result: [Node]?
            for index in buffer.indices {
                guard let node = localized(buffer, at: index, depth: depth) else { continue }
                if result == nil { result = nodes }
                result![index] = node
            }
            return result
        }
    }

    /// The node at `index` of `nodes` localized, or nil when it holds no localized string.
    private func localized(_ nodes: UnsafeBufferPointer<Node>, at index: Int, depth: Int) -> Node? {
        var copy: Node?
        if Self.holdsLocalized(nodes[index]) {
            var node = nodes[index]
            for position in 0..<node.propCount {
                let value = node.withProps { $0[position].value }
                if value.holdsLocalized { node.setValue(localize(value), ofPropAt: position) }
            }
            copy = node
        }
        if let children = nodes[index].children, let localized = localized(children, depth: depth + 1) {
            if copy == nil { copy = nodes[index] }
            copy!.children = localized
        }
        if case .node(let fallback) = nodes[index].fallback,
            let localized = localized([fallback], depth: depth + 1)?.first
        {
            if copy == nil { copy = nodes[index] }
            copy!.fallback = .node(localized)
        }
        if var experiment = nodes[index].experiment {
            var changed = false
            for arm in experiment.arms.indices {
                guard let content = localized(experiment.arms[arm].content, depth: depth + 1) else { continue }
                experiment.arms[arm].content = content
                changed = true
            }
            if changed {
                if copy == nil { copy = nodes[index] }
                copy!.experiment = experiment
            }
        }
        return copy
    }

    /// `screen` with the localized strings of its initial state replaced; its nodes as they are.
    /// For a screen whose nodes are localized as they are flattened (``Compiler/variant(of:for:history:style:localizer:)``).
    package func localizingInitialState(of screen: Screen) -> Screen {
        var screen = screen
        for key in screen.initialState.keys.sorted() where screen.initialState[key]!.holdsLocalized {
            screen.initialState[key] = localize(screen.initialState[key]!)
        }
        return screen
    }

    /// `value` with every localized string in it replaced by its text.
    func localize(_ value: Value) -> Value {
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
        screen.initialState.values.contains { $0.holdsLocalized } || holdsLocalized(screen.content, depth: 0)
            || screen.layouts.contains { holdsLocalized($0.content, depth: 0) }
    }

    /// Whether `nodes` hold a localized string, their fallbacks and experiment arms included.
    private static func holdsLocalized(_ nodes: [Node], depth: Int) -> Bool {
        guard depth < ExperimentResolution.walkDepth else { return false }
        return nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                if holdsLocalized(nodes[index]) { return true }
                if let children = nodes[index].children, holdsLocalized(children, depth: depth + 1) { return true }
                if case .node(let fallback) = nodes[index].fallback, holdsLocalized([fallback], depth: depth + 1) {
                    return true
                }
                if let experiment = nodes[index].experiment,
                    experiment.arms.contains(where: { holdsLocalized($0.content, depth: depth + 1) })
                {
                    return true
                }
            }
            return false
        }
    }

    /// Whether a node's props hold a localized string.
    private static func holdsLocalized(_ node: Node) -> Bool {
        node.withProps { props in
            for index in props.indices where props[index].value.holdsLocalized { return true }
            return false
        }
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
    static func collect(in screen: Screen) -> [Use] {
        var uses: [Use] = []
        for key in screen.initialState.keys.sorted() {
            collect(
                screen.initialState[key]!, owner: "initial state \"\(key)\"", source: screen.source, path: screen.id,
                into: &uses)
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
