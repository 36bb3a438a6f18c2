/// The one HTML escaping function every preview byte of text goes through.
public enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'` for text and double- or single-quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{2028}", "\u{2029}": result += "&#x\(String(character.value, radix: 16));"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
