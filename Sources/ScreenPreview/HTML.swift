import ScreenJSON

/// The one HTML escaping function every preview byte of text goes through.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'` for text and double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        ScalarEscaping.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\u{2028}", "\u{2029}": "&#x\(String(scalar.value, radix: 16));"
            default: nil
            }
        }
    }
}
