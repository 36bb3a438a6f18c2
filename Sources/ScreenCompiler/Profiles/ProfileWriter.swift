import Dispatch
import Foundation
import ScreenJSON
import ScreenKit

/// Writes envelopes in a catalog's wire profile: a plain writer, apart from the hand-optimised
/// flat one, over what the flat writer produced.
///
/// A flat envelope or variant is the validated, downleveled screen — fallbacks applied, props a
/// version lacks left out, enum values and actions mapped — in a canonical form. Writing it again
/// in the profile's shape means every profile gets exactly the flat variants' downleveling, with
/// one implementation of it.
///
/// The flat bytes are re-shaped in one streaming pass, without building a tree: they are the flat
/// writer's own output, so strings are escaped by the one escaper, numbers are formatted, and each
/// node's members come in a fixed order (`type`, `id`, `slot`, props in schema order, `children`,
/// `fallback`). Values are copied as they are (token by token when the layout changes); only a
/// node's own members are moved, and a node with named slots has its children scanned once to
/// group them. The tree-based writer this replaced is kept in the tests as the reference it must
/// agree with byte for byte.
struct ProfileWriter: Sendable {
    /// The profile written.
    let profile: WireProfile
    /// The layout of the bytes written.
    let style: JSONStyle
    /// The profile's keys and each component's shape, escaped once.
    private let shape: ProfileShape

    /// A writer of `profile` (the catalog's unless given) for `catalog`'s components.
    init(catalog: Catalog, profile: WireProfile? = nil, style: JSONStyle) {
        let profile = profile ?? catalog.profile
        self.profile = profile
        self.style = style
        shape = ProfileShape(profile: profile, components: catalog.components, sendsEvents: !catalog.events.isEmpty)
    }

    /// `flat` (an envelope the flat writer wrote) in the profile's shape, with the screen's
    /// envelope `values` (``Screen/envelopeValues``).
    func write(_ flat: [UInt8], values: [String: String] = [:]) -> [UInt8] {
        var reshaper = Reshaper(shape: shape, style: style, reserving: flat.count + flat.count / 4)
        reshaper.json.beginObject()
        flat.withUnsafeBufferPointer { bytes in
            reshaper.load(bytes)
            let head = reshaper.envelopeHead()
            reshaper.writeFields(of: head, values: values)
            reshaper.writeRootPath { $0.writeRoot(at: head.root) }
        }
        reshaper.json.endObject()
        if flat.last == 0x0A { reshaper.json.newline() }
        return reshaper.json.takeBytes()
    }

    /// One document holding every device layout of screen `id`, from each layout's flat envelope
    /// (written for one client version): the envelope's fields, then at the root path the list of
    /// `{device, root}` entries, in the screen's order of layouts.
    func writeLayouts(
        of id: String, _ parts: [(device: String, flat: [UInt8])], values: [String: String] = [:],
        entry: WireProfile.Layouts
    ) -> [UInt8] {
        var reshaper = Reshaper(
            shape: shape, style: style, reserving: parts.reduce(64) { $0 + $1.flat.count + $1.flat.count / 4 })
        let heads = parts.map { part in
            part.flat.withUnsafeBufferPointer { bytes in
                reshaper.load(bytes)
                return reshaper.envelopeHead()
            }
        }
        reshaper.json.beginObject()
        // The layouts share the screen's fields; the contract field names the oldest version
        // receiving the whole document, which is the newest of those its layouts name.
        let contract = heads.compactMap(\.contractNumber).max()
        if let first = parts.first {
            first.flat.withUnsafeBufferPointer { bytes in
                reshaper.load(bytes)
                reshaper.writeFields(of: heads[0], values: values, id: id, contract: contract)
            }
        } else {
            reshaper.writeFields(of: nil, values: values, id: id, contract: contract)
        }
        let deviceKey = ProfileShape.literal(entry.deviceKey)
        let rootKey = ProfileShape.literal(entry.rootKey)
        reshaper.writeRootPath { reshaper in
            reshaper.json.beginArray()
            for (part, head) in zip(parts, heads) {
                part.flat.withUnsafeBufferPointer { bytes in
                    reshaper.load(bytes)
                    reshaper.json.beginObject()
                    deviceKey.withUnsafeBufferPointer { reshaper.json.key(escaped: $0) }
                    reshaper.json.string(part.device)
                    rootKey.withUnsafeBufferPointer { reshaper.json.key(escaped: $0) }
                    reshaper.writeRoot(at: head.root)
                    reshaper.json.endObject()
                }
            }
            reshaper.json.endArray()
        }
        reshaper.json.endObject()
        if parts.first?.flat.last == 0x0A { reshaper.json.newline() }
        return reshaper.json.takeBytes()
    }
}
