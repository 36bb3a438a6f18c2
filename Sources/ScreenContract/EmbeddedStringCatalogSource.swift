/// The Swift source of String Catalogs compiled into a server binary, like the contract history
/// (``EmbeddedHistorySource``): the renderer localizes with them and a deployed server needs no files.
public enum EmbeddedStringCatalogSource {
    /// A Swift file declaring `public enum <typeName>` whose `catalogs` are each table's name and
    /// its `.xcstrings` file's exact bytes, in the order given. `origin` names the files in the
    /// header comment.
    public static func swift(catalogs: [(table: String, bytes: [UInt8])], typeName: String, origin: String) -> String {
        var text = """
            // Generated from \(origin): do not edit. A test fails while this file differs from the
            // catalogs; regenerate with SCREENKIT_RECORD_GOLDENS=1 after changing them.

            /// The String Catalogs, compiled in for `ScreenRenderer(strings: .init(catalogs: \(typeName).catalogs, …))`.
            public enum \(typeName) {
                /// Each table's name and its catalog's exact bytes.
                public static let catalogs: [(table: String, bytes: [UInt8])] = [
            """
        text += "\n"
        // A trailing comma only in a list of several, as swift-format writes it.
        for (index, catalog) in catalogs.enumerated() {
            text += "        (\"\(catalog.table)\", table\(index + 1))\(catalogs.count > 1 ? "," : "")\n"
        }
        text += "    ]\n"
        for (index, catalog) in catalogs.enumerated() {
            text +=
                "\n    private static let table\(index + 1): [UInt8] = \(EmbeddedHistorySource.literal(catalog.bytes))\n"
        }
        text += "}\n"
        return text
    }
}
