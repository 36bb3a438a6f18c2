import ScreenJSON

/// Reads a String Catalog's bytes into a ``StringCatalog``: every limit checked before the work it
/// guards, every problem a ``StringCatalog/ReadError`` naming the key and locale.
struct StringCatalogReader {
    typealias ReadError = StringCatalog.ReadError
    typealias Limits = StringCatalogLimits

    let path: String
    var key: String?
    var locale: String?
    /// The keys and localizations left out so far, in file order.
    var problems: [ReadError] = []

    init(path: String) { self.path = path }

    func error(_ message: String, limit: Bool = false) -> ReadError {
        ReadError(path: path, key: key, locale: locale, message: message, isLimit: limit)
    }

    mutating func read(_ bytes: [UInt8]) throws(ReadError) -> StringCatalog {
        guard bytes.count <= Limits.maximumFileBytes else {
            throw error(
                "the file is \(bytes.count) bytes; a string catalog is at most \(Limits.maximumFileBytes) bytes",
                limit: true)
        }
        if let offset = JSONDepth.firstOffset(exceeding: Limits.maximumJSONDepth, in: bytes) {
            throw error(
                "nests deeper than \(Limits.maximumJSONDepth) levels (at byte \(offset)); a string catalog never does",
                limit: true)
        }
        let document: JSONValue
        do {
            document = try JSONReader.read(bytes, maximumDepth: Limits.maximumJSONDepth)
        } catch {
            throw self.error("not a string catalog: \(error)")
        }
        let top = try object(document, "the catalog")
        // The format number first: nothing else is read from a catalog of another version.
        guard let version = top["version"] else { throw error("no \"version\"; Xcode writes \"version\" : \"1.0\"") }
        guard case .string(let versionText) = version, versionText == StringCatalog.version else {
            throw error(
                "version \(describe(version)) is not supported (this reader reads version \"\(StringCatalog.version)\")"
            )
        }
        guard let sourceLanguage = top["sourceLanguage"]?.stringValue, !sourceLanguage.isEmpty else {
            throw error("\"sourceLanguage\" must be a language (\"en\")")
        }
        try checkLength(sourceLanguage, "the source language")
        let strings = try object(top["strings"] ?? .object([]), "\"strings\"")
        guard strings.count <= Limits.maximumKeys else {
            throw error(
                "\(strings.count) keys; a string catalog holds at most \(Limits.maximumKeys)", limit: true)
        }
        var entries: [String: StringCatalog.Entry] = [:]
        entries.reserveCapacity(strings.count)
        var keys: Set<String> = []
        for member in strings {
            key = member.key
            try checkLength(member.key, "the key")
            guard keys.insert(member.key).inserted else { throw error("the key is listed twice") }
            // A key that cannot be read is left out and kept as a problem; a limit stops the read.
            do throws(ReadError) {
                entries[member.key] = try entry(member.value)
            } catch {
                guard !error.isLimit else { throw error }
                problems.append(error)
            }
            locale = nil
        }
        key = nil
        return StringCatalog(sourceLanguage: sourceLanguage, entries: entries, problems: problems)
    }

    mutating func entry(_ value: JSONValue) throws(ReadError) -> StringCatalog.Entry {
        let members = try object(value, "an entry")
        let comment = try optionalString(members["comment"], "\"comment\"")
        let extractionState = try optionalString(members["extractionState"], "\"extractionState\"")
        var shouldTranslate = true
        if let flag = members["shouldTranslate"] {
            guard case .bool(let bool) = flag else {
                throw error("\"shouldTranslate\" must be true or false, not \(describe(flag))")
            }
            shouldTranslate = bool
        }
        let localizationMembers = try object(members["localizations"] ?? .object([]), "\"localizations\"")
        guard localizationMembers.count <= Limits.maximumLocalesPerKey else {
            throw error(
                "\(localizationMembers.count) locales; a key has at most \(Limits.maximumLocalesPerKey)", limit: true)
        }
        var localizations: [String: StringCatalog.Localization] = [:]
        var locales: Set<String> = []
        for member in localizationMembers {
            locale = member.key
            try checkLength(member.key, "the locale name")
            // A localization that cannot be read is left out and kept as a problem (the first of a
            // locale listed twice stands); a limit stops the read.
            do throws(ReadError) {
                guard !member.key.isEmpty else { throw error("a locale is named \"\"") }
                guard locales.insert(member.key).inserted else { throw error("the locale is listed twice") }
                localizations[member.key] = try localization(member.value)
            } catch {
                guard !error.isLimit else { throw error }
                problems.append(error)
            }
        }
        locale = nil
        return StringCatalog.Entry(
            comment: comment, extractionState: extractionState, shouldTranslate: shouldTranslate,
            localizations: localizations)
    }

    func localization(_ value: JSONValue) throws(ReadError) -> StringCatalog.Localization {
        let members = try object(value, "a localization")
        // The substitutions' arguments first: the value's `%#@name@` references are checked against them.
        var references: [String: FormatString.Reference] = [:]
        var substitutionMembers: [JSONMember] = []
        if let substitutions = members["substitutions"] {
            substitutionMembers = try object(substitutions, "\"substitutions\"")
            guard substitutionMembers.count <= Limits.maximumPlaceholders else {
                throw error(
                    "\(substitutionMembers.count) substitutions; a localization has at most \(Limits.maximumPlaceholders)",
                    limit: true)
            }
            for member in substitutionMembers {
                let name = member.key
                guard !name.isEmpty, name.utf8.count <= 256, name.utf8.allSatisfy(isNameByte) else {
                    throw error("the substitution name \"\(name.prefix(40))\" is not letters, digits and '_'")
                }
                guard references[name] == nil else { throw error("the substitution \"\(name)\" is listed twice") }
                let fields = try object(member.value, "the substitution \"\(name)\"")
                let argument = try argumentNumber(fields["argNum"], of: name)
                guard let specifier = fields["formatSpecifier"]?.stringValue else {
                    throw error("the substitution \"\(name)\" needs a \"formatSpecifier\" string (\"lld\")")
                }
                guard let type = FormatString.argumentType(ofSpecifier: specifier) else {
                    throw error(
                        "the substitution \"\(name)\" has formatSpecifier \"\(specifier.prefix(40))\", not one specifier such as \"lld\", \"@\" or \".2f\""
                    )
                }
                references[name] = FormatString.Reference(argument: argument, type: type)
            }
        }
        let value = try holder(members, context: "a localization", substitutions: references, own: nil, depth: 0)
        var substitutions: [String: StringCatalog.Substitution] = [:]
        for member in substitutionMembers {
            let name = member.key
            let reference = references[name]!
            let argument: Int
            if let written = reference.argument {
                argument = written
            } else {
                argument = try argumentReferenced(name, in: value)
            }
            let own = (argument: argument, type: reference.type)
            let fields = try object(member.value, "the substitution \"\(name)\"")
            guard let variations = fields["variations"] else {
                throw error("the substitution \"\(name)\" needs \"variations\" with \"plural\" forms")
            }
            let forms = try self.variations(
                variations, substitutions: references, own: own, depth: 1, in: "the substitution \"\(name)\"")
            guard case .plural(let plural) = forms else {
                throw error("the substitution \"\(name)\" varies by plural category only, not by device")
            }
            substitutions[name] = StringCatalog.Substitution(
                argument: own.argument, formatSpecifier: fields["formatSpecifier"]?.stringValue ?? "",
                type: own.type, plural: plural)
        }
        return StringCatalog.Localization(value: value, substitutions: substitutions)
    }

    /// A substitution's `argNum`: nil when it is left out (Apple's format allows that).
    func argumentNumber(_ value: JSONValue?, of name: String) throws(ReadError) -> Int? {
        guard let value else { return nil }
        guard case .number(let text) = value, let argument = Int(text) else {
            throw error("the substitution \"\(name)\" has \"argNum\" \(describe(value)); it is a whole number from 1")
        }
        guard argument >= 1 else {
            throw error("the substitution \"\(name)\" has argNum \(text); arguments start at 1")
        }
        guard argument <= Limits.maximumPlaceholders else {
            throw error(
                "the substitution \"\(name)\" has argNum \(argument); the highest argument is \(Limits.maximumPlaceholders)",
                limit: true)
        }
        return argument
    }

    /// The argument a substitution without `argNum` formats: the one its `%#@name@` references in
    /// `value` stand at, which must be the same in every form.
    func argumentReferenced(_ name: String, in value: LocalizedValue) throws(ReadError) -> Int {
        let arguments = Set(
            value.formatStrings.flatMap(\.placeholders).filter { $0.substitution == name }.map(\.argument))
        guard arguments.count == 1, let argument = arguments.first else {
            throw error(
                arguments.isEmpty
                    ? "the substitution \"\(name)\" has no \"argNum\" and the value never references it (%#@\(name)@), so its argument is unknown"
                    : "the substitution \"\(name)\" has no \"argNum\" and the value's forms reference it as arguments \(arguments.sorted().map(String.init).joined(separator: " and ")); give it an \"argNum\""
            )
        }
        return argument
    }

    /// An object holding either a `stringUnit` or `variations` (a localization, a plural or device form).
    func holder(
        _ members: [JSONMember], context: String, substitutions: [String: FormatString.Reference],
        own: (argument: Int, type: ArgumentType)?, depth: Int
    ) throws(ReadError) -> LocalizedValue {
        let unit = members.first { $0.key == "stringUnit" }?.value
        let variations = members.first { $0.key == "variations" }?.value
        switch (unit, variations) {
        case (let unit?, nil): return try stringUnit(unit, substitutions: substitutions, own: own)
        case (nil, let variations?):
            return try self.variations(
                variations, substitutions: substitutions, own: own, depth: depth + 1, in: context)
        case (.some, .some): throw error("\(context) has both \"stringUnit\" and \"variations\"; it has one")
        case (nil, nil): throw error("\(context) has neither \"stringUnit\" nor \"variations\"")
        }
    }

    func variations(
        _ value: JSONValue, substitutions: [String: FormatString.Reference],
        own: (argument: Int, type: ArgumentType)?, depth: Int, in context: String
    ) throws(ReadError) -> LocalizedValue {
        guard depth <= Limits.maximumVariationDepth else {
            throw error(
                "variations nest \(depth) deep; they nest at most \(Limits.maximumVariationDepth)", limit: true)
        }
        let members = try object(value, "\"variations\" in \(context)")
        guard members.count == 1, let kind = members.first else {
            throw error("\"variations\" in \(context) holds exactly one of \"plural\" or \"device\"")
        }
        let forms = try object(kind.value, "\"\(kind.key)\" variations")
        guard !forms.isEmpty else { throw error("the \"\(kind.key)\" variations in \(context) have no forms") }
        switch kind.key {
        case "plural":
            var plural: [PluralCategory: LocalizedValue] = [:]
            for form in forms {
                guard let category = PluralCategory(rawValue: form.key) else {
                    throw error(
                        "unknown plural category \"\(form.key.prefix(40))\"; the categories are zero, one, two, few, many, other"
                    )
                }
                guard plural[category] == nil else { throw error("the plural category \(form.key) is listed twice") }
                let fields = try object(form.value, "the plural form \(form.key)")
                plural[category] = try holder(
                    fields, context: "the plural form \(form.key)", substitutions: substitutions, own: own, depth: depth
                )
            }
            return .plural(plural)
        case "device":
            var device: [Device: LocalizedValue] = [:]
            for form in forms {
                guard let name = Device(rawValue: form.key) else {
                    throw error(
                        "unknown device \"\(form.key.prefix(40))\"; the devices are "
                            + Device.allCases.map(\.rawValue).joined(separator: ", "))
                }
                guard device[name] == nil else { throw error("the device \(form.key) is listed twice") }
                let fields = try object(form.value, "the device form \(form.key)")
                device[name] = try holder(
                    fields, context: "the device form \(form.key)", substitutions: substitutions, own: own, depth: depth
                )
            }
            return .device(device)
        default:
            throw error("unknown variation \"\(kind.key.prefix(40))\"; variations are \"plural\" or \"device\"")
        }
    }

    func stringUnit(
        _ value: JSONValue, substitutions: [String: FormatString.Reference],
        own: (argument: Int, type: ArgumentType)?
    ) throws(ReadError) -> LocalizedValue {
        let members = try object(value, "\"stringUnit\"")
        guard let stateText = members["state"]?.stringValue else {
            throw error("a \"stringUnit\" needs a \"state\" string")
        }
        guard let state = TranslationState(rawValue: stateText) else {
            throw error(
                "unknown state \"\(stateText.prefix(40))\"; a state is translated, needs_review, new or stale")
        }
        guard let text = members["value"]?.stringValue else { throw error("a \"stringUnit\" needs a \"value\" string") }
        try checkLength(text, "the value")
        do {
            return .unit(state, try FormatString.parse(text, substitutions: substitutions, ownArgument: own))
        } catch {
            throw self.error("the value \"\(text.prefix(60))\": \(error.description)", limit: error.isLimit)
        }
    }

    // MARK: Helpers

    func object(_ value: JSONValue, _ what: String) throws(ReadError) -> [JSONMember] {
        guard let members = value.members else { throw error("\(what) must be an object, not \(describe(value))") }
        return members
    }

    func optionalString(_ value: JSONValue?, _ what: String) throws(ReadError) -> String? {
        guard let value else { return nil }
        guard let string = value.stringValue else { throw error("\(what) must be a string, not \(describe(value))") }
        try checkLength(string, what)
        return string
    }

    func checkLength(_ text: String, _ what: String) throws(ReadError) {
        let count = text.utf8.count
        guard count <= Limits.maximumValueBytes else {
            throw error("\(what) is \(count) bytes; at most \(Limits.maximumValueBytes)", limit: true)
        }
    }

    func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): "the string \"\(string.prefix(40))\""
        case .number(let text): "the number \(text.prefix(40))"
        case .bool(let bool): "\(bool)"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension LocalizedValue {
    /// Every string unit's format under the value, in no particular order.
    var formatStrings: [FormatString] {
        switch self {
        case .unit(_, let format): [format]
        case .plural(let forms): forms.values.flatMap(\.formatStrings)
        case .device(let forms): forms.values.flatMap(\.formatStrings)
        }
    }
}

extension [JSONMember] {
    /// The value of the first member named `key`.
    fileprivate subscript(key: String) -> JSONValue? { first { $0.key == key }?.value }
}
