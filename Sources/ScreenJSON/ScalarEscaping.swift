/// Escaping text for the other formats ScreenKit writes (Swift, TypeScript and Kotlin literals, HTML,
/// Prometheus labels): one loop over the text's scalars, each format giving only its replacements.
public enum ScalarEscaping {
    /// `text` with every scalar for which `replacement` gives a string replaced by it, the others
    /// kept as they are.
    public static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                escaped += replaced
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
