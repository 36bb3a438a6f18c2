/// The limits on the files the contract gate reads (the frozen history, exemptions, sunsets),
/// checked before the work they guard, so a broken or hostile file is a clear error in time linear
/// in its size, never a crash or a hang.
public enum ContractLimits {
    /// The largest frozen contract file, in bytes (the example's version 2 is about 25 KB).
    public static let maximumFileBytes = 4 << 20
    /// The largest exemptions or sunset file, in bytes.
    public static let maximumSmallFileBytes = 1 << 20
    /// The deepest nesting of arrays and objects in any of these files.
    public static let maximumJSONDepth = 32
    /// The most entries the history folder may hold, and the highest version number.
    public static let maximumVersions = 10_000
    /// The deepest nesting of a prop type descriptor (`[[{string}]]` is 3).
    public static let maximumTypeDepth = 8
    /// The longest wire name, key, enum value or type descriptor, in bytes.
    public static let maximumNameBytes = 256
    /// The most components, actions, enums, props per component, fields per action or values per
    /// enum one contract file may declare.
    public static let maximumElements = 10_000
}
