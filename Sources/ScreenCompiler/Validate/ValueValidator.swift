import Foundation
import ScreenKit

/// Checks every prop value, action and action field against its declared type.
struct ValueValidator: ScreenValidator {
    func validate(_ screen: ResolvedScreen, in context: ValidationContext) -> [Diagnostic] {
        guard let flat = screen.flat else { return [] }
        let table = flat.table
        var checker = ValueChecker(context: context, screen: screen.screen, table: table)
        flat.nodes.withUnsafeBufferPointer { nodes in
            flat.props.withUnsafeBufferPointer { props in
                for index in nodes.indices {
                    let node = nodes[index]
                    guard node.plan >= 0 else { continue }
                    let firstKey = Int(table.plans[Int(node.plan)].firstKey)
                    for position in Int(node.firstProp)..<Int(node.firstProp + node.propCount) {
                        let prop = props[position]
                        guard prop.declared >= 0 else { continue }
                        let key = firstKey + Int(prop.declared)
                        // Escaped scalars of the declared plain kind, and declared enum values, are valid.
                        if prop.tokenStart >= 0,
                            flat.withToken(prop.tokenStart, prop.tokenEnd, { table.acceptsWithoutCheck($0, key: key) })
                        {
                            continue
                        }
                        if prop.enumCase >= 0 && table.keys[key].caseNeedsNoCheck { continue }
                        let plan = context.plans[Int(node.plan)]
                        let declared = Int(prop.declared)
                        checker.check(
                            flat.value(ofProp: position), type: plan.types[declared], nonEmpty: plan.nonEmpty[declared],
                            reference: plan.references[declared],
                            owner: "\"\(flat.type(of: index))\" prop \"\(flat.key(ofProp: position))\"",
                            at: flat.source(of: index), path: NodePath(flat: flat, index: index))
                    }
                }
            }
        }
        return checker.diagnostics
    }
}

/// Checks values recursively, through lists, maps and nested actions.
struct ValueChecker {
    let context: ValidationContext
    let screen: Screen
    /// The screen's copy of the catalog's declarations, where actions are looked up.
    let table: PlanTable
    var diagnostics: [Diagnostic] = []

    mutating func check(
        _ value: Value, type: PropType, nonEmpty: Bool, reference: Reference?, owner: @autoclosure () -> String,
        at source: @autoclosure () -> SourceLocation, path: NodePath
    ) {
        check(value, type: type, owner: owner(), at: source(), path: path)
        if nonEmpty, case .string(let string) = value, string.isEmpty {
            diagnostics.append(
                ScreenRules.stringEmpty.diagnostic("\(owner()) must not be empty", at: source(), path: path.description)
            )
        }
        if let reference {
            check(value, refersTo: reference, owner: owner(), at: source(), path: path)
        }
    }

    private mutating func check(
        _ value: Value, refersTo reference: Reference, owner: @autoclosure () -> String,
        at source: @autoclosure () -> SourceLocation,
        path: NodePath
    ) {
        switch value {
        case .string(let name):
            check(name, refersTo: reference, owner: owner(), at: source(), path: path)
        case .list(let values):
            for case .string(let name) in values {
                check(name, refersTo: reference, owner: owner(), at: source(), path: path)
            }
        default:
            return
        }
    }

    private mutating func check(
        _ name: String, refersTo reference: Reference, owner: @autoclosure () -> String,
        at source: @autoclosure () -> SourceLocation, path: NodePath
    ) {
        if !name.isEmpty {
            switch reference {
            case .screen:
                if !context.screenIDs.contains(name) && !context.catalog.externalScreens.contains(name) {
                    diagnostics.append(
                        ScreenRules.referenceUnknown.diagnostic(
                            "\(owner()) names screen \"\(name)\", which is not in the catalog (or declared external)",
                            at: source(), path: path.description))
                }
            case .stateKey:
                if screen.initialState[name] == nil {
                    let known = screen.initialState.keys.sorted().joined(separator: ", ")
                    diagnostics.append(
                        ScreenRules.stateKeyUnknown.diagnostic(
                            "\(owner()) names state key \"\(name)\", which is not in the initial state of \"\(screen.id)\" (\(known.isEmpty ? "empty" : known))",
                            at: source(), path: path.description))
                }
            }
        }
    }

    /// Why `string` is not an allowed URL, or nil when it is.
    static func urlProblem(_ string: String) -> String? {
        if isPlainHTTPSURL(string) { return nil }
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased() else {
            return "is not an absolute URL"
        }
        switch scheme {
        case "https":
            return (components.host ?? "").isEmpty ? "has no host" : nil
        case "http":
            let host = (components.host ?? "").lowercased()
            return ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host)
                ? nil : "uses http; only https is allowed (http only to localhost, for development)"
        default:
            return "uses the \(scheme): scheme; only https is allowed"
        }
    }

    /// Whether `string` is plainly an absolute https URL with a host, so parsing it can be skipped:
    /// `https://`, a host of ASCII letters, digits, `-` and `.`, then nothing or `/`, `?` or `#` and
    /// URL-safe ASCII (unreserved and reserved characters, no `%`, brackets or second `#`).
    static func isPlainHTTPSURL(_ string: String) -> Bool {
        var string = string
        // Native strings are contiguous, so this only copies a bridged one.
        return string.withUTF8 { utf8 in
            let prefix: StaticString = "https://"
            guard utf8.count >= prefix.utf8CodeUnitCount,
                UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
                    .elementsEqual(utf8.prefix(prefix.utf8CodeUnitCount))
            else { return false }
            var index = prefix.utf8CodeUnitCount
            var hostLength = 0
            while index != utf8.count, isHostByte(utf8[index]) {
                hostLength += 1
                index += 1
            }
            guard hostLength > 0 else { return false }
            guard index != utf8.count else { return true }
            let next = utf8[index]
            guard next == 0x2F || next == 0x3F || next == 0x23 else { return false }  // / ? #
            var fragment = false
            while index != utf8.count {
                let byte = utf8[index]
                if byte == 0x23 {  // #
                    if fragment { return false }
                    fragment = true
                } else if !isSafeURLByte(byte) {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x2E
    }

    /// Unreserved and reserved URL characters other than `%`, `[`, `]` and `#`.
    private static func isSafeURLByte(_ byte: UInt8) -> Bool {
        if isHostByte(byte) { return true }
        switch byte {
        case 0x5F, 0x7E, 0x3A, 0x2F, 0x3F, 0x40, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D:
            return true  // _ ~ : / ? @ ! $ & ' ( ) * + , ; =
        default:
            return false
        }
    }

    mutating func check(
        _ value: Value, type: PropType, owner: @autoclosure () -> String, at source: @autoclosure () -> SourceLocation,
        path: NodePath
    ) {
        switch (type, value) {
        case (.string, .string), (.bool, .bool), (.scalar, .string), (.scalar, .bool):
            return
        case (.url, .string(let url)):
            if let problem = Self.urlProblem(url) {
                diagnostics.append(
                    ScreenRules.urlInvalid.diagnostic(
                        "\(owner()) \"\(url)\" \(problem)", at: source(), path: path.description))
            }
        case (.number, .number(let number)), (.scalar, .number(let number)):
            if !number.isFinite {
                diagnostics.append(
                    ScreenRules.numberNotFinite.diagnostic(
                        "\(owner()) is \(number); JSON numbers must be finite", at: source(), path: path.description))
            }
        case (.color, .string(let color)) where ColorToken.isValidName(color):
            if context.catalog.token(color) == nil {
                diagnostics.append(
                    ScreenRules.tokenUnknown.diagnostic(
                        "\(owner()) names token \"\(color)\", which the catalog does not declare; a colour is "
                            + "#RRGGBB, #AARRGGBB or a declared token", at: source(), path: path.description))
            }
        case (.color, .string(let color)):
            if !ColorToken.isLiteral(color) {
                diagnostics.append(
                    ScreenRules.propType.diagnostic(
                        "\(owner()) is \"\(color)\"; a color is #RRGGBB or #AARRGGBB", at: source(),
                        path: path.description))
            }
        case (.enumeration(let schema), .string(let raw)):
            if !schema.contains(raw) {
                let known = schema.cases.map(\.value).joined(separator: ", ")
                diagnostics.append(
                    ScreenRules.enumValueUnknown.diagnostic(
                        "\(owner()) is \"\(raw)\", not a value of \(schema.name) (\(known))", at: source(),
                        path: path.description))
            }
        case (.action, .action(let action)):
            check(action, owner: owner(), at: source(), path: path)
        case (.list(let element), .list(let values)):
            for (index, item) in values.enumerated() {
                check(item, type: element, owner: "\(owner())[\(index)]", at: source(), path: path)
            }
        case (.map(let element), .map(let values)):
            for key in values.keys.sorted() {
                check(values[key]!, type: element, owner: "\(owner())[\"\(key)\"]", at: source(), path: path)
            }
        default:
            diagnostics.append(
                ScreenRules.propType.diagnostic(
                    "\(owner()) is a \(value.kindName) but the contract declares \(type.name)", at: source(),
                    path: path.description))
        }
    }

    mutating func check(
        _ action: Action, owner: @autoclosure () -> String, at source: @autoclosure () -> SourceLocation, path: NodePath
    ) {
        guard let kind = table.actionIndex(of: action.kind) else {
            diagnostics.append(
                ScreenRules.actionUnknown.diagnostic(
                    "\(owner()) uses action kind \"\(action.kind)\", which the catalog does not declare",
                    at: source(), path: path.description))
            return
        }
        // Named only when a diagnostic needs it.
        func actionOwner() -> String { "\(owner()) (\(action.kind))" }
        for position in action.fields.indices {
            let key = action.fields[position].key
            guard let index = table.fieldIndex(of: key, action: kind) else {
                diagnostics.append(
                    ScreenRules.propUnknown.diagnostic(
                        "\(actionOwner()) has field \"\(key)\", which the action does not declare",
                        at: source(), path: path.description))
                continue
            }
            check(
                action.fields[position].value, type: table.fieldTypes[index], nonEmpty: table.fieldNonEmpty[index],
                reference: table.fieldReferences[index], owner: "\(actionOwner()) field \"\(key)\"", at: source(),
                path: path)
        }
        let first = Int(table.actions[kind].firstField)
        for index in first..<first + Int(table.actions[kind].fieldCount) where table.fieldRequired[index] {
            let name = table.fieldNames[index]
            guard !action.fields.contains(where: { $0.key == name }) else { continue }
            diagnostics.append(
                ScreenRules.propRequired.diagnostic(
                    "\(actionOwner()) is missing its required field \"\(name)\"", at: source(),
                    path: path.description))
        }
        if case .action(let fallback) = action.fallback {
            check(fallback, owner: "\(owner()) fallback", at: source(), path: path)
        }
    }
}
