/// The colours one app declares, by the name the app looks them up with: what the app-colour
/// checks compare the catalog's tokens with.
public struct AppPalette: Sendable, Hashable {
    /// The platform whose resources were read.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        /// An Xcode Asset Catalog (`*.xcassets`).
        case iOS = "ios"
        /// Android resources (`res/values*/`).
        case android
    }

    /// One named colour.
    public struct Entry: Sendable, Hashable {
        /// The name the app looks it up with: `Brand/Primary` (a namespaced Asset Catalog folder),
        /// `brand_primary` (Android).
        public var name: String
        /// The colour in the light (or any) appearance; nil when only a dark one is declared.
        public var light: AppColor?
        /// The colour in the dark appearance; nil when the app declares none (it draws ``light``).
        public var dark: AppColor?
        /// What could not be resolved to a colour, e.g. `system colour systemBlueColor` or
        /// `?attr/colorPrimary`: the checks that need a value skip the entry and say why.
        public var unresolved: String?
        /// Where it is declared: a `Contents.json` or an XML file, and the line for XML.
        public var file: String
        /// The line of the declaration, when known.
        public var line: Int?

        /// An entry.
        public init(
            name: String, light: AppColor?, dark: AppColor?, unresolved: String? = nil, file: String, line: Int? = nil
        ) {
            self.name = name
            self.light = light
            self.dark = dark
            self.unresolved = unresolved
            self.file = file
            self.line = line
        }

        /// `file:line`, or the file.
        public var location: String { line.map { "\(file):\($0)" } ?? file }
    }

    /// The platform.
    public var platform: Platform
    /// The colours, by name.
    public var colors: [String: Entry]
    /// Files or declarations that could not be read, each `path: reason`: reported, never fatal,
    /// so one broken colour does not hide the others.
    public var problems: [String]

    /// A palette.
    public init(platform: Platform, colors: [String: Entry] = [:], problems: [String] = []) {
        self.platform = platform
        self.colors = colors
        self.problems = problems
    }
}

/// Why a folder of app resources could not be read at all.
public struct AppPaletteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with the path.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// The limits of the app-colour readers: a hostile or broken resource folder is refused in time
/// and memory linear in what is allowed, never read without bounds.
public enum AppPaletteLimits {
    /// The most files and folders a reader visits in one catalog or `res` folder.
    public static let maximumEntries = 20_000
    /// The deepest folder nesting read inside an Asset Catalog.
    public static let maximumFolderDepth = 16
    /// The largest `Contents.json` read.
    public static let maximumContentsBytes = 64 << 10
    /// The deepest JSON nesting of a `Contents.json`.
    public static let maximumJSONDepth = 16
    /// The largest Android values XML file read.
    public static let maximumXMLBytes = 1 << 20
    /// The deepest XML element nesting of a values file.
    public static let maximumXMLDepth = 32
    /// The most colours one palette holds.
    public static let maximumColors = 10_000
    /// The longest colour name kept.
    public static let maximumNameBytes = 256
}
