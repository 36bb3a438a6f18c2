import ScreenKit

/// Checks a screen's envelope values (``Screen/envelopeValues``) against the wire profiles that
/// write them: every value a served profile reads is declared, each declared value is read by one,
/// and each is a short, printable string.
enum EnvelopeValueRules {
    /// The longest envelope value, in bytes.
    static let maximumValueBytes = 1024

    /// Whether `name` is a valid value name: `[A-Za-z][A-Za-z0-9_]*`, at most 64 characters.
    static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 64, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The problems with `screen`'s envelope values for `profiles` (rule `envelope-value-invalid`).
    static func validate(_ screen: Screen, profiles: [WireProfile]) -> [Diagnostic] {
        var read: [String: String] = [:]  // value name → the profile that reads it
        for profile in profiles {
            for case .screenValue(let name) in profile.envelope.members.map(\.value) where read[name] == nil {
                read[name] = profile.name
            }
        }
        guard !read.isEmpty || !screen.envelopeValues.isEmpty else { return [] }
        var problems: [String] = []
        for (name, profile) in read.sorted(by: { $0.key < $1.key }) where screen.envelopeValues[name] == nil {
            problems.append(
                "the wire profile \"\(profile)\" writes the screen's \"\(name)\" into the envelope, but the screen declares none: add `.envelopeValue(\"\(name)\", …)`"
            )
        }
        for (name, value) in screen.envelopeValues.sorted(by: { $0.key < $1.key }) {
            guard read[name] != nil else {
                let known = read.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                problems.append(
                    "envelope value \"\(name)\" is written by no wire profile (\(known.isEmpty ? "the profile reads none" : "they read \(known)"))"
                )
                continue
            }
            if value.isEmpty {
                problems.append("envelope value \"\(name)\" is empty")
            } else if value.utf8.count > maximumValueBytes {
                problems.append(
                    "envelope value \"\(name)\" is \(value.utf8.count) bytes; an envelope value is at most \(maximumValueBytes)"
                )
            } else if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                problems.append("envelope value \"\(name)\" holds a control character")
            }
        }
        return problems.map {
            ScreenRules.envelopeValueInvalid.diagnostic(
                "screen \"\(screen.id)\": \($0)", at: screen.source, path: screen.id)
        }
    }
}
