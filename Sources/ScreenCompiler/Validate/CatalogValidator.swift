import ScreenKit

/// Checks what spans screens: screen IDs are well formed and unique.
enum CatalogValidator {
    /// The problems with the catalog's screen IDs.
    static func validate(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var firstByID: [String: Screen] = [:]
        for screen in catalog.screens {
            if !isValidScreenID(screen.id) {
                diagnostics.append(
                    ScreenRules.screenIDInvalid.diagnostic(
                        "screen ID \"\(screen.id)\" is invalid: use [a-z0-9][a-z0-9_-]*, at most 64 characters",
                        at: screen.source, path: screen.id))
            }
            if let first = firstByID[screen.id] {
                diagnostics.append(
                    ScreenRules.screenIDDuplicate.diagnostic(
                        "screen ID \"\(screen.id)\" is already used by the screen declared at \(first.source)",
                        at: screen.source, path: screen.id))
            } else {
                firstByID[screen.id] = screen
            }
        }
        return diagnostics
    }

    /// Whether `id` matches `[a-z0-9][a-z0-9_-]*` and has at most 64 characters.
    static func isValidScreenID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        for (index, byte) in bytes.enumerated() {
            let isLowerOrDigit = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            if index == 0 ? !isLowerOrDigit : !(isLowerOrDigit || byte == 0x5F || byte == 0x2D) {
                return false
            }
        }
        return true
    }
}
