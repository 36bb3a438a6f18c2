import ScreenCompiler
import ScreenContract
import ScreenKit

// The TypeScript model's shared support functions, and how wire names become TypeScript names and literals.
extension TypeScriptClientModel {
    // MARK: Support

    static func support(into out: inout SourceLines) {
        out.line(
            """
            // MARK: Support

            type JSONObject = { readonly [key: string]: unknown };

            /** `path` extended by `key`: `.key` for a plain name, else `["key"]`. */
            function at(path: string, key: string): string {
                return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
            }

            function has(object: JSONObject, key: string): boolean {
                return Object.prototype.hasOwnProperty.call(object, key);
            }

            /** The value at `key`, which must be there and not null. */
            function required(object: JSONObject, key: string, path: string): unknown {
                const value = has(object, key) ? object[key] : undefined;
                if (value === undefined || value === null) {
                    throw new DecodeError(at(path, key), `missing required ${JSON.stringify(key)}`);
                }
                return value;
            }

            /** The value at `key`, or undefined when it is absent or null. */
            function present(object: JSONObject, key: string): unknown {
                const value = has(object, key) ? object[key] : undefined;
                return value === null ? undefined : value;
            }

            /** Throws when `object` has a key outside `allowed`. */
            function reject(object: JSONObject, allowed: readonly string[], path: string, owner: string): void {
                for (const key of Object.keys(object)) {
                    if (allowed.indexOf(key) < 0) {
                        throw new DecodeError(
                            at(path, key),
                            `unknown key ${JSON.stringify(key)} in ${owner} (contract ${contractVersion})`,
                        );
                    }
                }
            }

            /** Throws unless `object` holds the string `value` at `key`. */
            function expect(object: JSONObject, key: string, value: string, path: string): void {
                const found = asString(required(object, key, path), at(path, key));
                if (found !== value) {
                    throw new DecodeError(at(path, key), `${JSON.stringify(found)} is not ${JSON.stringify(value)}`);
                }
            }

            function describe(value: unknown): string {
                if (value === null) return "null";
                if (Array.isArray(value)) return "a list";
                return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
            }

            function asObject(value: unknown, path: string): JSONObject {
                if (typeof value !== "object" || value === null || Array.isArray(value)) {
                    throw new DecodeError(path, `expected an object, found ${describe(value)}`);
                }
                return value as JSONObject;
            }

            function asString(value: unknown, path: string): string {
                if (typeof value !== "string") throw new DecodeError(path, `expected a string, found ${describe(value)}`);
                return value;
            }

            function asNumber(value: unknown, path: string): number {
                if (typeof value !== "number" || !isFinite(value)) {
                    throw new DecodeError(path, `expected a number, found ${describe(value)}`);
                }
                return value;
            }

            function asInteger(value: unknown, path: string): number {
                const number = asNumber(value, path);
                if (!Number.isInteger(number)) throw new DecodeError(path, `expected an integer, found ${number}`);
                return number;
            }

            function asBoolean(value: unknown, path: string): boolean {
                if (typeof value !== "boolean") throw new DecodeError(path, `expected a boolean, found ${describe(value)}`);
                return value;
            }

            function asScalar(value: unknown, path: string): Scalar {
                if (typeof value === "string" || typeof value === "boolean") return value;
                return asNumber(value, path);
            }

            function asValue(value: unknown, path: string): Value {
                if (value === null || typeof value === "string" || typeof value === "boolean") return value;
                if (typeof value === "number") return asNumber(value, path);
                if (Array.isArray(value)) return asList(value, path, asValue);
                return asMap(value, path, asValue);
            }

            function asList<T>(value: unknown, path: string, element: (value: unknown, path: string) => T): readonly T[] {
                if (!Array.isArray(value)) throw new DecodeError(path, `expected a list, found ${describe(value)}`);
                const list: unknown[] = value;
                return list.map((item, index) => element(item, `${path}[${index}]`));
            }

            function asMap<T>(
                value: unknown,
                path: string,
                element: (value: unknown, path: string) => T,
            ): { readonly [key: string]: T } {
                const object = asObject(value, path);
                const map: { [key: string]: T } = {};
                for (const key of Object.keys(object)) {
                    const item = element(object[key], at(path, key));
                    Object.defineProperty(map, key, { value: item, enumerable: true, writable: true, configurable: true });
                }
                return map;
            }

            function listOf<T>(element: (value: unknown, path: string) => T): (value: unknown, path: string) => readonly T[] {
                return (value, path) => asList(value, path, element);
            }

            function mapOf<T>(
                element: (value: unknown, path: string) => T,
            ): (value: unknown, path: string) => { readonly [key: string]: T } {
                return (value, path) => asMap(value, path, element);
            }

            /** `value` when it is one of `values` (the values of the enum `name`). */
            function oneOf<T extends string>(values: readonly T[], name: string, value: unknown, path: string): T {
                const text = asString(value, path);
                for (const candidate of values) {
                    if (candidate === text) return candidate;
                }
                throw new DecodeError(path, `unknown value ${JSON.stringify(text)} of ${name}`);
            }
            """)
    }

    // MARK: Names and literals

    /// The module's type names, unique and clear of the fixed ones and of the globals it uses.
    struct Names {
        var node: [String: String] = [:]
        var props: [String: String] = [:]
        var action: [String: String] = [:]
        var fields: [String: String] = [:]
        var enumeration: [String: String] = [:]
        var event: [String: String] = [:]
        var params: [String: String] = [:]

        init(_ contract: Contract) {
            var used: Set<String> = [
                "Envelope", "Node", "Action", "Value", "Scalar", "DecodeError", "JSONObject", "Array", "Object",
                "Error", "String", "Number", "Boolean", "JSON", "Record", "Readonly", "ReadonlyArray", "Partial",
                "Map", "Set", "Symbol", "Promise", "Function", "Date", "Math", "RegExp", "TrackedEvent", "Trigger",
                "TriggerValues",
            ]
            used.formUnion(TypeScriptClientModel.rendererNames)
            if !contract.tokens.isEmpty { used.formUnion(TypeScriptClientModel.tokenNames) }
            func unique(_ base: String) -> String {
                var name = base
                var attempt = 1
                while used.contains(name) || used.contains(name + "Values") {
                    attempt += 1
                    name = "\(base)\(attempt)"
                }
                used.insert(name)
                used.insert(name + "Values")
                return name
            }
            for schema in contract.enums { enumeration[schema.name] = unique(typeName(schema.name)) }
            for component in contract.components {
                node[component.type] = unique(typeName(component.type) + "Node")
                props[component.type] = unique(typeName(component.type) + "Props")
            }
            for action in contract.actions {
                self.action[action.kind] = unique(typeName(action.kind) + "Action")
                fields[action.kind] = unique(typeName(action.kind) + "Fields")
            }
            for event in contract.events {
                self.event[event.name] = unique(SwiftClientModel.eventTypeName(event.name) + "Event")
                params[event.name] = unique(SwiftClientModel.eventTypeName(event.name) + "Params")
            }
        }

        /// The TypeScript type of a prop of `type`.
        func type(_ type: PropType) -> String {
            switch type {
            case .string, .color, .url: "string"
            case .number: "number"
            case .bool: "boolean"
            case .enumeration(let schema): enumeration[schema.name] ?? "string"
            case .action: "Action"
            case .scalar: "Scalar"
            case .list(let element): "readonly \(self.type(element))[]"
            case .map(let element): "{ readonly [key: string]: \(self.type(element)) }"
            }
        }

        /// An expression decoding a value of `type`, called as `(value, path)`.
        func decoder(_ type: PropType) -> String {
            switch type {
            case .string, .color, .url: "asString"
            case .number: "asNumber"
            case .bool: "asBoolean"
            case .enumeration(let schema): "decode\(enumeration[schema.name] ?? "")"
            case .action: "decodeAction"
            case .scalar: "asScalar"
            case .list(let element): "listOf(\(decoder(element)))"
            case .map(let element): "mapOf(\(decoder(element)))"
            }
        }
    }

    /// A type name for a wire name: `image-banner` → `ImageBanner`, `3d` → `_3d`.
    static func typeName(_ wire: String) -> String {
        let name = SwiftClientModel.typeName(wire)
        return name.first?.isNumber == true ? "_" + name : name
    }

    /// A property name: the wire key, quoted unless a plain identifier that is no reserved word.
    static func property(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        let isIdentifier =
            !scalars.isEmpty
            && scalars.enumerated().allSatisfy { index, scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
                    || (index > 0 && ("0"..."9").contains(scalar))
            }
        return isIdentifier && !reserved.contains(key) ? key : literal(key)
    }

    static let reserved: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
        "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof",
        "new", "null", "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void",
        "while", "with", "as", "implements", "interface", "let", "package", "private", "protected", "public",
        "static", "yield", "any", "boolean", "constructor", "declare", "get", "module", "require", "number", "set",
        "string", "symbol", "type", "from", "of", "readonly", "keyof", "unique", "unknown", "never", "infer", "is",
        "asserts", "await", "async", "abstract", "namespace", "object", "undefined", "bigint", "global", "override",
        "accessor", "satisfies", "out",
    ]

    /// A TypeScript literal of a scalar default, or nil for one that is not a plain scalar (the
    /// value is then required, as in the Swift model).
    static func tsLiteral(_ value: Value, type: PropType) -> String? {
        switch (type, value) {
        case (.string, .string(let text)), (.color, .string(let text)), (.url, .string(let text)):
            literal(text)
        case (.number, .number(let number)):
            number.isFinite
                ? (number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)") : nil
        case (.bool, .bool(let bool)): "\(bool)"
        case (.enumeration(let schema), .string(let text)) where schema.contains(text): literal(text)
        default: nil
        }
    }

    /// A TypeScript string literal.
    static func literal(_ text: String) -> String { "\"\(escaped(text))\"" }

    /// `text` escaped for a TypeScript string literal (and so for a one-line comment): as for a
    /// Swift one (`\u{…}` means the same in both), the line separators and `*/` escaped too.
    static func escaped(_ text: String) -> String {
        SwiftClientModel.escapedForSource(text).replacingOccurrences(of: "\u{2028}", with: "\\u{2028}")
            .replacingOccurrences(of: "\u{2029}", with: "\\u{2029}").replacingOccurrences(of: "*/", with: "*\\u{2f}")
    }
}
