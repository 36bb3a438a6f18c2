import ScreenCompiler
import ScreenContract
import ScreenKit

// The TypeScript model's validating decoders: the envelope, nodes, actions and props.
extension TypeScriptClientModel {
    // MARK: Decoders

    static func decoders(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let contract = shape.contract
        let version = shape.version
        out.line("/** A payload these types cannot hold; `path` is the JSON path of the offending value. */")
        out.open("export class DecodeError extends Error {")
        out.line("readonly path: string;")
        out.line("")
        out.open("constructor(path: string, message: string) {")
        out.line("super(`${path}: ${message}`);")
        out.line("this.name = \"DecodeError\";")
        out.line("this.path = path;")
        out.close("}")
        out.close("}")
        out.line("")
        RenderFailureClientCode.typeScript(into: &out)
        out.line("/**")
        out.line(" * Decodes a parsed envelope (`JSON.parse` of the payload) of contract \(version), throwing a")
        out.line(" * `DecodeError` for anything this version does not know.")
        out.line(" */")
        out.open("export function decode(json: unknown): Envelope {")
        out.line("const object = asObject(json, \"$\");")
        let keys = shape.fields.map(\.key) + [shape.rootPath[0]]
        out.list("const keys = [", keys.map(literal), "];")
        out.line("reject(object, keys, \"$\", \"the envelope\");")
        for field in shape.fields {
            let key = literal(field.key)
            switch field.value {
            case .constant(let value):
                out.line("expect(object, \(key), \(literal(value)), \"$\");")
            case .format:
                out.line("const format = asInteger(required(object, \(key), \"$\"), at(\"$\", \(key)));")
                out.open("if (format !== 1) {")
                out.line("throw new DecodeError(at(\"$\", \(key)), `envelope format ${format} is not 1`);")
                out.close("}")
            default:
                break
            }
        }
        let envelopeNames = propertyNames(shape)
        let path = shape.rootPath
        var container = "object"
        var containerPath = "\"$\""
        for (depth, key) in path.dropLast().enumerated() {
            let next = "level\(depth + 1)"
            let nextPath = "\(next)Path"
            out.line("const \(nextPath) = at(\(containerPath), \(literal(key)));")
            out.line(
                "const \(next) = asObject(required(\(container), \(literal(key)), \(containerPath)), \(nextPath));")
            let owner = literal("the envelope's \"\(key)\"")
            out.line("reject(\(next), [\(literal(path[depth + 1]))], \(nextPath), \(owner));")
            (container, containerPath) = (next, nextPath)
        }
        out.open("const envelope: Envelope = {")
        for field in shape.fields {
            guard let name = envelopeNames[field.key] else { continue }
            let key = literal(field.key)
            let value = "required(object, \(key), \"$\"), at(\"$\", \(key))"
            switch field.value {
            case .constant, .screenValue, .screenID: out.line("\(property(name)): asString(\(value)),")
            case .format: out.line("\(property(name)): 1,")
            case .contract, .minContract: out.line("\(property(name)): asInteger(\(value)),")
            case .initialState: out.line("\(property(name)): asMap(\(value), asValue),")
            case .title, .experiments: break
            }
        }
        let root = literal(path[path.count - 1])
        let rootDecoder =
            shape.layouts != nil ? "listOf(decodeLayout)" : shape.rootIsList ? "listOf(decodeNode)" : "decodeNode"
        out.line(
            "\(rootName(shape)): \(rootDecoder)(required(\(container), \(root), \(containerPath)), at(\(containerPath), \(root))),"
        )
        out.close("};")
        // The served arms, only where the version declares events (a contract without keeps its module's bytes).
        var result = "envelope"
        if shape.sendsEvents {
            out.line("const experiments = present(object, \"experiments\");")
            out.open("const withArms: Envelope =")
            out.line("experiments === undefined")
            out.indent()
            out.line("? envelope")
            out.line(": { ...envelope, experiments: asMap(experiments, at(\"$\", \"experiments\"), asString) };")
            out.dedent()
            out.dedent()
            result = "withArms"
        }
        if let title = shape.fields.first(where: { $0.value == .title }), let name = envelopeNames[title.key] {
            let key = literal(title.key)
            out.line("const title = present(object, \(key));")
            out.line(
                "return title === undefined ? \(result) : { ...\(result), \(property(name)): asString(title, at(\"$\", \(key))) };"
            )
        } else {
            out.line("return \(result);")
        }
        out.close("}")
        out.line("")
        if let layouts = shape.layouts {
            let device = literal(layouts.deviceKey)
            let root = literal(layouts.rootKey)
            out.line("/** Decodes one device's layout, rejecting keys it does not have. */")
            out.open("function decodeLayout(value: unknown, path: string): Layout {")
            out.line("const object = asObject(value, path);")
            out.line("reject(object, [\(device), \(root)], path, \"a device layout\");")
            out.line("const device = asString(required(object, \(device), path), at(path, \(device)));")
            let decoder = shape.rootIsList ? "listOf(decodeNode)" : "decodeNode"
            out.line("return { device, root: \(decoder)(required(object, \(root), path), at(path, \(root))) };")
            out.close("}")
            out.line("")
        }
        node(shape, names, into: &out)
        for component in contract.components {
            let ownObject = shape.propsKey(of: component) != nil
            members(
                names.props[component.type] ?? "", component.props, names,
                doc:
                    "The props of `\(escaped(component.type))`\(ownObject ? ", their own object" : ", members of its node").",
                rejecting: ownObject ? "the props of component \"\(component.type)\"" : nil, wrap: shape.wrap,
                into: &out)
        }
        action(shape, names, into: &out)
        if shape.sendsEvents { trackedEvent(shape, names, into: &out) }
        for action in contract.actions {
            members(
                names.fields[action.kind] ?? "", action.fields, names,
                doc: "The fields of the `\(escaped(action.kind))` action.", into: &out)
        }
        for schema in contract.enums {
            let name = names.enumeration[schema.name] ?? ""
            out.list("const \(name)Values: readonly \(name)[] = [", schema.cases.map { literal($0.value) }, "];")
            out.line("")
            out.open("function decode\(name)(value: unknown, path: string): \(name) {")
            out.line("return oneOf(\(name)Values, \(literal(schema.name)), value, path);")
            out.close("}")
            out.line("")
        }
    }

    static func node(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        let typeKey = literal(shape.typeKey)
        let own =
            ([shape.typeKey] + [shape.idKey, shape.slotTag, shape.sendsEvents ? "events" : nil].compactMap { $0 })
            .map(literal)
        out.line("/** Decodes a node, rejecting a component type or a key contract \(shape.version) does not know. */")
        out.open("function decodeNode(value: unknown, path: string): Node {")
        out.line("const object = asObject(value, path);")
        out.line("const type = asString(required(object, \(typeKey), path), at(path, \(typeKey)));")
        var common = ""
        if let idKey = shape.idKey {
            out.line("const id = asString(required(object, \(literal(idKey)), path), at(path, \(literal(idKey))));")
            common += ", id"
        }
        if let slotTag = shape.slotTag {
            out.line("const slot = present(object, \(literal(slotTag)));")
            out.line(
                "const slotName = slot === undefined ? {} : { slot: asString(slot, at(path, \(literal(slotTag)))) };")
            common += ", ...slotName"
        }
        if shape.sendsEvents {
            out.line("const events = present(object, \"events\");")
            out.line(
                "const tracked = events === undefined ? {} : { events: asList(events, at(path, \"events\"), decodeTrackedEvent) };"
            )
            common += ", ...tracked"
        }
        out.line("switch (type) {")
        for component in shape.contract.components {
            out.open("case \(literal(component.type)): {")
            let childrenKey = shape.childrenKey(of: component)
            let slots = shape.slotLists(of: component)
            var keys = own
            let decoder = "decode\(names.props[component.type] ?? "")"
            if let propsKey = shape.propsKey(of: component) {
                let key = literal(propsKey)
                keys.append(key)
                out.line("const propsPath = at(path, \(key));")
                out.line("const props = \(decoder)(asObject(required(object, \(key), path), propsPath), propsPath);")
            } else {
                keys += component.props.map { literal($0.key) }
                out.line("const props = \(decoder)(object, path);")
            }
            if let childrenKey { keys.append(literal(childrenKey)) }
            if !slots.isEmpty { keys += shape.slotsKey.map { [literal($0)] } ?? slots.map(literal) }
            out.list("const keys = [", keys, "];")
            out.line("reject(object, keys, path, \(literal("component \"\(component.type)\"")));")
            var result = "type: \(literal(component.type))\(common), props"
            if let childrenKey {
                let key = literal(childrenKey)
                out.line("const children = asList(required(object, \(key), path), at(path, \(key)), decodeNode);")
                result += ", children"
            }
            if !slots.isEmpty {
                var lists = ("object", "path")
                if let slotsKey = shape.slotsKey {
                    let key = literal(slotsKey)
                    out.line("const listsPath = at(path, \(key));")
                    out.line("const lists = asObject(required(object, \(key), path), listsPath);")
                    out.list(
                        "reject(lists, [", slots.map(literal),
                        "], listsPath, \(literal("the slots of component \"\(component.type)\"")));")
                    lists = ("lists", "listsPath")
                }
                out.open("const slots = {")
                for slot in slots {
                    let key = literal(slot)
                    out.line(
                        "\(property(slot)): asList(required(\(lists.0), \(key), \(lists.1)), at(\(lists.1), \(key)), decodeNode),"
                    )
                }
                out.close("};")
                result += ", slots"
            }
            out.line("return { \(result) };")
            out.close("}")
        }
        unknownCase(typeKey, "component type", "type", into: &out)
    }

    static func action(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        out.line("/** Decodes an action, rejecting a kind or a field contract \(shape.version) does not know. */")
        out.open("function decodeAction(value: unknown, path: string): Action {")
        out.line("const object = asObject(value, path);")
        out.line("const kind = asString(required(object, \"type\", path), at(path, \"type\"));")
        out.line("switch (kind) {")
        for action in shape.contract.actions {
            out.open("case \(literal(action.kind)): {")
            let keys = ["\"type\""] + action.fields.map { literal($0.key) }
            out.line("const fields = decode\(names.fields[action.kind] ?? "")(object, path);")
            out.list("const keys = [", keys, "];")
            out.line("reject(object, keys, path, \(literal("action \"\(action.kind)\"")));")
            out.line("return { kind: \(literal(action.kind)), fields };")
            out.close("}")
        }
        unknownCase("\"type\"", "action kind", "kind", into: &out)
    }

    /// `decodeTrackedEvent` (its trigger one the version knows) and each event's params decoder,
    /// rejecting any other key.
    static func trackedEvent(_ shape: ClientShape, _ names: Names, into out: inout SourceLines) {
        out.list("const TriggerValues: readonly Trigger[] = [", shape.triggers.map(literal), "];")
        out.line("")
        out.line(
            "/** Decodes an event, rejecting a trigger, an event or a param contract \(shape.version) does not know. */"
        )
        out.open("function decodeTrackedEvent(value: unknown, path: string): TrackedEvent {")
        out.line("const object = asObject(value, path);")
        out.line("reject(object, [\"trigger\", \"name\", \"params\"], path, \"an event\");")
        out.line(
            "const trigger = oneOf(TriggerValues, \"trigger\", required(object, \"trigger\", path), at(path, \"trigger\"));"
        )
        out.line("const name = asString(required(object, \"name\", path), at(path, \"name\"));")
        out.line("const paramsPath = at(path, \"params\");")
        out.line("const params = asObject(required(object, \"params\", path), paramsPath);")
        out.line("switch (name) {")
        for event in shape.contract.events {
            out.open("case \(literal(event.name)):")
            out.line(
                "return { trigger, name: \(literal(event.name)), params: decode\(names.params[event.name] ?? "")(params, paramsPath) };"
            )
            out.dedent()
        }
        unknownCase("\"name\"", "event", "name", into: &out)
        for event in shape.contract.events {
            members(
                names.params[event.name] ?? "", event.params, names,
                doc: "The params of the `\(escaped(event.name))` event.",
                rejecting: "the params of event \"\(event.name)\"", into: &out)
        }
    }

    /// A switch's default, throwing for the unknown `what` in `variable` (read at `key`), and the
    /// ends of the switch and the function.
    static func unknownCase(_ key: String, _ what: String, _ variable: String, into out: inout SourceLines) {
        out.line("default:")
        out.indent()
        out.line("throw new DecodeError(")
        out.indent()
        out.line("at(path, \(key)),")
        out.line("`unknown \(what) ${JSON.stringify(\(variable))} (contract ${contractVersion})`,")
        out.dedent()
        out.line(");")
        out.dedent()
        out.line("}")
        out.close("}")
        out.line("")
    }

    /// The decoder of one props or fields interface from the object holding them (its owner rejects
    /// unknown keys): required values must be there, optional ones may be absent (or null), and
    /// defaulted ones take their default when absent, as in the Swift model.
    static func members(
        _ name: String, _ props: [PropSchema], _ names: Names, doc: String, rejecting owner: String? = nil,
        wrap: (PropSchema) -> ClientShape.Wrap? = { _ in nil }, into out: inout SourceLines
    ) {
        out.line("/** \(doc) */")
        let object = props.isEmpty && owner == nil ? "_object" : "object"
        out.open("function decode\(name)(\(object): { readonly [key: string]: unknown }, path: string): \(name) {")
        if let owner {
            out.list("reject(object, [", props.map { literal($0.key) }, "], path, \(literal(owner)));")
        }
        /// The decoder applied to `raw`, the value of `prop`: unwrapped first when wrapped.
        func decoded(_ prop: PropSchema, _ raw: String) -> String {
            let decoder = names.decoder(prop.type)
            let key = literal(prop.key)
            guard let wrap = wrap(prop) else { return "\(decoder)(\(raw), at(path, \(key)))" }
            let valueKey = wrap.object.map { literal($0.valueKey) } ?? "undefined"
            let constants = (wrap.object?.constants ?? [:]).sorted { $0.key < $1.key }.map {
                "\(property($0.key)): \(literal($0.value))"
            }
            let object = constants.isEmpty ? "{}" : "{ \(constants.joined(separator: ", ")) }"
            return
                "\(decoder)(...unwrap(\(raw), at(path, \(key)), \(literal(wrap.discriminator)), \(valueKey), \(object)))"
        }
        var assembled: [String] = []
        var optionals: [(PropSchema, String)] = []
        for (index, prop) in props.enumerated() {
            let key = literal(prop.key)
            let fallback: String?
            switch prop.presence {
            case .required: fallback = nil
            case .optional:
                out.line("const value\(index) = present(object, \(key));")
                optionals.append((prop, "value\(index)"))
                continue
            case .defaulted(let value): fallback = tsLiteral(value, type: prop.type)
            }
            if let fallback {
                out.line("const value\(index) = present(object, \(key));")
                assembled.append(
                    "\(property(prop.key)): value\(index) === undefined ? \(fallback) : \(decoded(prop, "value\(index)")),"
                )
            } else {
                assembled.append("\(property(prop.key)): \(decoded(prop, "required(object, \(key), path)")),")
            }
        }
        if assembled.isEmpty && optionals.isEmpty {
            out.line("return {};")
        } else if assembled.isEmpty {
            out.line("const result: { -readonly [K in keyof \(name)]: \(name)[K] } = {};")
        } else {
            out.open("const result: { -readonly [K in keyof \(name)]: \(name)[K] } = {")
            for line in assembled { out.line(line) }
            out.close("};")
        }
        for (prop, value) in optionals {
            out.open("if (\(value) !== undefined) {")
            out.line("result[\(literal(prop.key))] = \(decoded(prop, value));")
            out.close("}")
        }
        if !(assembled.isEmpty && optionals.isEmpty) { out.line("return result;") }
        out.close("}")
        out.line("")
    }

    /// The reader of wrapped values, with the profile's discriminator and value keys.
    static func unwrap(_ shape: ClientShape, into out: inout SourceLines) {
        guard let wrapping = shape.profile.values.wrapping else { return }
        let typeKey = literal(wrapping.typeKey)
        let valueKey = literal(wrapping.valueKey)
        out.line("")
        out.line("/**")
        out.line(
            " * The value wrapped at `path` as `{\(escaped(wrapping.typeKey)): discriminator, \(escaped(wrapping.valueKey)): value}`, and its"
        )
        out.line(
            " * path; with `valueKey`, the value sits in an object under `\(escaped(wrapping.valueKey))` beside string `constants`."
        )
        out.line(" */")
        out.line(
            """
            function unwrap(
                value: unknown,
                path: string,
                discriminator: string,
                valueKey: string | undefined,
                constants: { readonly [key: string]: string },
            ): [unknown, string] {
                const wrapper = asObject(value, path);
                const owner = "a wrapped value";
                reject(wrapper, [\(typeKey), \(valueKey)], path, owner);
                expect(wrapper, \(typeKey), discriminator, path);
                const innerPath = at(path, \(valueKey));
                const inner = required(wrapper, \(valueKey), path);
                if (valueKey === undefined) return [inner, innerPath];
                const object = asObject(inner, innerPath);
                reject(object, Object.keys(constants).concat([valueKey]), innerPath, owner);
                for (const key of Object.keys(constants).sort()) expect(object, key, constants[key] ?? "", innerPath);
                return [required(object, valueKey, innerPath), at(innerPath, valueKey)];
            }
            """)
    }
}
