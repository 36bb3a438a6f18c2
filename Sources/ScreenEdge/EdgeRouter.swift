import ScreenCompiler
import ScreenJSON

/// The edge router of a published bucket: its routing table and one self-contained JavaScript file
/// per engine, each holding the table, that answers `GET /screens/<id>` exactly as
/// `ScreenRenderer.respond(screenID:…)` would — contract, locale and experiment arms — with the
/// bucket's objects.
public struct EdgeRouter: Sendable {
    /// Where a request's experiment unit (a user or device ID) comes from.
    public enum UnitSource: Sendable, Hashable {
        /// A request header (`X-User-ID`).
        case header(String)
        /// A cookie (`uid`).
        case cookie(String)
        /// A query parameter (`user`).
        case query(String)

        /// The header's, cookie's or parameter's name.
        public var name: String {
            switch self {
            case .header(let name), .cookie(let name), .query(let name): name
            }
        }

        /// Whether `name` can name a header, cookie or query parameter: 1 to 256 visible ASCII
        /// characters, no spaces.
        public static func isName(_ name: String) -> Bool {
            !name.isEmpty && name.utf8.count <= 256 && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }

        /// The source `text` names: `header:NAME`, `cookie:NAME` or `query:NAME` (as a config file
        /// writes it); nil for anything else.
        public init?(_ text: String) {
            guard let colon = text.firstIndex(of: ":") else { return nil }
            let name = String(text[text.index(after: colon)...])
            guard Self.isName(name) else { return nil }
            switch text[..<colon] {
            case "header": self = .header(name)
            case "cookie": self = .cookie(name)
            case "query": self = .query(name)
            default: return nil
            }
        }

        /// How the routers' options name the source: `header`, `cookie` or `query`.
        public var kind: String {
            switch self {
            case .header: "header"
            case .cookie: "cookie"
            case .query: "query"
            }
        }
    }

    /// What the router is configured with beside the table.
    public struct Options: Sendable, Hashable {
        /// The unit's source; nil: no unit, every experiment serves its control.
        public var unit: UnitSource?
        /// Whether the `ScreenKit-Arm` header may force arms (QA and staging only).
        public var allowsOverrides: Bool
        /// Whether the routers write a response record (one JSON line, format 1, which
        /// `ResponseRecord` in ScreenAnalytics reads) for every screen response; without, they are
        /// what they were before records existed, byte for byte.
        public var records: Bool

        /// Options with `unit`, `allowsOverrides` and `records` (off by default).
        public init(unit: UnitSource? = nil, allowsOverrides: Bool = false, records: Bool = false) {
            self.unit = unit
            self.allowsOverrides = allowsOverrides
            self.records = records
        }
    }

    /// One generated file.
    public struct File: Sendable, Hashable {
        /// Its name (`screenkit-edge.mjs`).
        public let name: String
        /// Its bytes.
        public let bytes: [UInt8]
    }

    /// A canary release the router serves beside the stable one (``Pointer/Canary``).
    public struct Canary: Sendable, Hashable {
        /// The canary's own table.
        public let table: EdgeTable
        /// Its share of units, in basis points.
        public let basisPoints: Int
        /// Its assignment's salt.
        public let salt: String
        /// The one-match `Accept-Language` pattern of its locales (``EdgeFirstRange``), if any.
        let firstRange: String?

        /// A canary served from `table` to `basisPoints` of the units, assigned with `salt`, its
        /// manifest's `locales` giving its units' `Accept-Language` the one-match pattern too.
        public init(table: EdgeTable, basisPoints: Int, salt: String, locales: Manifest.Locales? = nil) {
            self.table = table
            self.basisPoints = basisPoints
            self.salt = salt
            self.firstRange = EdgeFirstRange.pattern(of: locales)
        }
    }

    /// The routing table (with a canary, the stable table with the canary's beside it).
    public let table: EdgeTable
    /// The (stable) manifest's SHA-256.
    public let manifestHash: String
    /// The canary's manifest's SHA-256, when the router serves one.
    public let canaryManifestHash: String?
    /// The options.
    public let options: Options
    /// The regular expression most `Accept-Language` headers are decided with (``EdgeFirstRange``).
    let firstRange: String?
    /// The canary's, when the router serves one (nil: none, or no pattern).
    let canaryFirstRange: String??
    /// The nginx maps that decide the plainest requests without JavaScript (``EdgeNginxMaps``).
    let nginxMaps: [UInt8]

    /// The router of `manifest` (named `manifestHash`), whose objects' bytes are `objects`; with
    /// records, `fallbacks` says what each object falls back for (objects it lacks apply none).
    public init(
        manifest: Manifest, manifestHash: String, objects: [String: [UInt8]], options: Options = Options(),
        fallbacks: EdgeFallbacks? = nil
    ) throws(EdgeTable.MissingObject) {
        let table = try EdgeTable(
            manifest: manifest, manifestHash: manifestHash, objects: objects,
            fallbacks: options.records ? fallbacks ?? .empty : nil)
        self.init(manifest: manifest, table: table, options: options)
    }

    /// The router of `manifest`, whose table is `table` (made from it, or read back from the
    /// bucket), serving `canary` beside it when given: a unit in the canary's share gets everything
    /// from the canary's table, any other request (one without a unit too) from this one. With a
    /// canary and a unit source, nginx's maps answer only requests that name no unit.
    public init(manifest: Manifest, table: EdgeTable, options: Options = Options(), canary: Canary? = nil) {
        self.table = canary.map { table.adding(canary: $0.table, basisPoints: $0.basisPoints, salt: $0.salt) } ?? table
        self.manifestHash = table.manifestHash
        self.canaryManifestHash = canary?.table.manifestHash
        self.options = options
        self.firstRange = EdgeFirstRange.pattern(of: manifest.locales)
        self.canaryFirstRange = canary.map(\.firstRange)
        self.nginxMaps = EdgeNginxMaps.file(
            manifest: manifest, manifestHash: table.manifestHash, etags: table.etags, records: options.records,
            canaryUnit: canary == nil ? nil : options.unit, hasCanary: canary != nil)
    }

    /// The `fetch` handler's file.
    public static let fetchFile = "screenkit-edge.mjs"
    /// The nginx njs module.
    public static let njsFile = "screenkit-edge-njs.js"
    /// The nginx maps with which nginx answers the plainest requests itself (its `http` block includes them).
    public static let nginxFile = "screenkit-edge-nginx.conf"
    /// The Lambda@Edge handlers, viewer request and viewer response (CloudFront).
    public static let lambdaEdgeFile = "screenkit-edge-lambda.js"
    /// The routing table on its own.
    public static let tableFile = "table.json"

    /// Every file: the three engines' routers, nginx's maps and the table.
    public var files: [File] {
        [
            File(
                name: Self.fetchFile,
                bytes: script(Self.part(EdgeScriptSource.sha256) + "\n" + adapter(EdgeScriptSource.fetch))),
            File(
                name: Self.njsFile,
                bytes: script(adapter(EdgeScriptSource.njs, records: EdgeScriptSource.recordsNjs), preloaded: true)),
            File(name: Self.nginxFile, bytes: nginxMaps),
            File(
                name: Self.lambdaEdgeFile,
                bytes: script(adapter(EdgeScriptSource.lambdaEdge, records: EdgeScriptSource.recordsLambdaEdge))),
            File(name: Self.tableFile, bytes: table.bytes + [0x0A]),
        ]
    }

    /// `source` as these options have it: a line whose code starts `//@record ` is kept (without
    /// the marker) only with records, one ending ` //@no-record` (kept without it) only without;
    /// with records, `records` follows.
    func adapter(_ source: String, records: String? = nil) -> String {
        var lines: [Substring] = []
        for line in Self.part(source).split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.drop { $0 == " " }
            if code.hasPrefix("//@record ") {
                if options.records { lines.append(line.prefix(line.count - code.count) + code.dropFirst(10)) }
            } else if line.hasSuffix(" //@no-record") {
                if !options.records { lines.append(line.dropLast(13)) }
            } else {
                lines.append(line)
            }
        }
        if options.records, let records { lines += ["", Substring(Self.part(records))] }
        return lines.joined(separator: "\n")
    }

    /// A file of `Sources/ScreenEdge/JavaScript` (``EdgeScriptSource``) without its last newline, as
    /// the pieces of a router are joined.
    static func part(_ source: String) -> Substring {
        source.hasSuffix("\n") ? source.dropLast() : Substring(source)
    }

    /// The global an nginx config preloads the table as (`js_preload_object`, njs 0.7.8 or later).
    public static let preloadedTableName = "screenkit_table"

    /// A router file: the header, the table and options, the core, then `adapter`. A `preloaded`
    /// router (njs) reads the table from ``preloadedTableName`` when the config preloads its own
    /// table (this manifest's, with the locales' tags this version writes, and with fallbacks
    /// exactly when the router writes records): njs runs a module's top level again for every
    /// request, and the table's cost there grows with the catalog. Any other table, or none, and it
    /// builds its own.
    func script(_ adapter: String, preloaded: Bool = false) -> [UInt8] {
        var out = Array(
            ("// Generated by `screenkit edge` from manifest \(manifestHash)"
                + (canaryManifestHash.map { " with the canary of manifest \($0)" } ?? "") + ": do not edit.\n"
                + "// The ScreenKit edge router: answers GET /screens/<id> as ScreenRenderer.respond does.\n\n")
                .utf8)
        if preloaded {
            let name = Self.preloadedTableName
            out += Array(
                ("// With `js_preload_object \(name) from \(Self.tableFile);` nginx shares the table between requests.\n"
                    + "var SCREENKIT_TABLE = typeof \(name) === \"object\" && \(name) !== null"
                    + " && \(name).manifest === \"\(manifestHash)\""
                    + " && (\(name).locales === undefined || \(name).locales.tags !== undefined)"
                    + " && (\(name).fallbacks !== undefined) === \(options.records)"
                    + " && (\(name).canary === undefined ? \"\" : \(name).canary.table.manifest) === \"\(canaryManifestHash ?? "")\""
                    + " ? \(name) : ").utf8)
        } else {
            out += Array("var SCREENKIT_TABLE = ".utf8)
        }
        out += table.bytes
        out += Array(";\nvar SCREENKIT_OPTIONS = ".utf8)
        out += optionsJSON
        out += Array(";\nvar SCREENKIT_FIRST_RANGE = \(firstRange.map { "/\($0)/" } ?? "null");\n".utf8)
        if let canaryFirstRange {
            out += Array("var SCREENKIT_CANARY_FIRST_RANGE = \(canaryFirstRange.map { "/\($0)/" } ?? "null");\n".utf8)
        }
        out += Array("\n".utf8)
        out += Array(Self.part(EdgeScriptSource.routerCore).utf8)
        out += Array("\n\n".utf8)
        if options.records {
            out += Array(Self.part(EdgeScriptSource.recordsCore).utf8)
            out += Array("\n\n".utf8)
        }
        out += Array(adapter.utf8)
        out.append(0x0A)
        return out
    }

    /// `{"unit":{"header":"x-user-id"}|{"cookie":…}|{"query":…}|null,"allowsOverrides":false}`.
    var optionsJSON: [UInt8] {
        var json = JSONWriter(style: .compact, capacity: 128)
        json.object { json in
            if let unit = options.unit {
                // Engines look headers up by their lowercase names.
                json.object("unit") { json in
                    if case .header = unit {
                        json.member(unit.kind, unit.name.lowercased())
                    } else {
                        json.member(unit.kind, unit.name)
                    }
                }
            } else {
                json.key("unit")
                json.null()
            }
            json.member("allowsOverrides", options.allowsOverrides)
        }
        return json.takeBytes()
    }
}
