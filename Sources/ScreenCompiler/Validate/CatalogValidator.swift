import ScreenKit

/// Checks what spans screens: screen IDs are well formed and unique, and named slots are declared
/// well.
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
        return diagnostics + layoutProblems(catalog) + slotProblems(catalog)
    }

    /// The problems with screens' device layouts (rule `layout-invalid`).
    static func layoutProblems(_ catalog: Catalog) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for screen in catalog.screens where !screen.layouts.isEmpty {
            if !screen.content.isEmpty {
                diagnostics.append(
                    ScreenRules.layoutInvalid.diagnostic(
                        "screen \"\(screen.id)\" has both a body and device layouts; give each device a layout instead",
                        at: screen.source, path: screen.id))
            }
            var seen: Set<String> = []
            for layout in screen.layouts {
                if !isValidDevice(layout.device) {
                    diagnostics.append(
                        ScreenRules.layoutInvalid.diagnostic(
                            "screen \"\(screen.id)\": device \"\(layout.device)\" is invalid: use [a-z0-9]+, at most 32 characters",
                            at: layout.source, path: screen.id))
                }
                if !seen.insert(layout.device).inserted {
                    diagnostics.append(
                        ScreenRules.layoutInvalid.diagnostic(
                            "screen \"\(screen.id)\" has two layouts for device \"\(layout.device)\"",
                            at: layout.source,
                            path: screen.id))
                }
            }
        }
        return diagnostics
    }

    /// Whether `device` matches `[a-z0-9]+` and has at most 32 characters.
    static func isValidDevice(_ device: String) -> Bool {
        !device.isEmpty && device.utf8.count <= 32
            && device.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Whether `id` is a screen ID, or the ID of one device layout of a screen (`id.device`).
    static func isValidScreenOrLayoutID(_ id: String) -> Bool {
        if isValidScreenID(id) { return true }
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && isValidScreenID(String(parts[0])) && isValidDevice(String(parts[1]))
    }

    /// The problems with the components' named slots (rule `slot-invalid`).
    static func slotProblems(_ catalog: Catalog) -> [Diagnostic] {
        var problems: [(String, SourceLocation?)] = []
        for component in catalog.components {
            var seen: Set<String> = []
            for slot in component.slots {
                let wellFormed =
                    !slot.isEmpty
                    && slot.utf8.allSatisfy { byte in
                        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                            || (byte >= 0x30 && byte <= 0x39)
                            || byte == 0x5F || byte == 0x2D
                    }
                if !wellFormed {
                    problems.append(
                        (
                            "component \"\(component.type)\": slot name \"\(slot)\" is invalid: use [A-Za-z0-9_-]+",
                            component.source
                        ))
                }
                if !seen.insert(slot).inserted {
                    problems.append(
                        ("component \"\(component.type)\" declares slot \"\(slot)\" twice", component.source))
                }
            }
        }
        return problems.map { ScreenRules.slotInvalid.diagnostic($0.0, at: $0.1) }
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
