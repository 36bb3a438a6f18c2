import FuzzSupport
import ScreenContract
import ScreenJSON
import ScreenKit
import ScreenRendering

/// The program: libFuzzer's driver over `fuzz(_:_:)`.
@main enum Main {
    /// Runs the fuzzer, the reader made first: a global first made during an input would count
    /// as that input's leak.
    static func main() {
        _ = reader
        FuzzerMain.run()
    }
}

/// Two versions: the first knows `promo_tapped` (a string, a number, an enum of one value) and an
/// accordion's `expand`; the second adds a bool param, an enum value and `screen_viewed`.
let reader: EventBatchReader = {
    func version(_ surface: [String], extra: [PropSchema], more: [EventSchema]) -> Contract {
        // Components of its own, not the standard catalog: LeakSanitizer reports the standard
        // declarations' lazily made statics as leaks.
        var catalog = Catalog(components: [], actions: [], screens: [])
        catalog.components = [
            ComponentSchema(type: "accordion", props: [.required("title", .string)], hasChildren: true)
                .triggering("expand"),
            ComponentSchema(type: "tile", props: [.optional("action", .action)]),
        ]
        let surface = EnumSchema(name: "Surface", cases: surface.map { EnumCase($0) })
        catalog.events =
            [
                EventSchema(
                    "promo_tapped",
                    params: [
                        .required("promo", .string), .optional("position", .number),
                        .optional("surface", .enumeration(surface)),
                    ] + extra)
            ] + more
        return Contract.live(catalog).0
    }
    return EventBatchReader(
        history: [
            version(["home"], extra: [], more: []),
            version(
                ["home", "search"], extra: [.optional("first", .bool)],
                more: [EventSchema("screen_viewed", params: [.required("screen", .string)])]),
        ])
}()

/// libFuzzer's entry point: one input read as an app's batch of events.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    // What reads accounts for every event once, in order, each accepted one written as a line of
    // JSON that reads back.
    guard let batch = try? reader.read(FuzzFiles.bytes(start, count)) else { return 0 }
    let indices = (batch.accepted.map(\.index) + batch.rejected.map(\.index)).sorted()
    precondition(indices == Array(indices.indices))
    precondition((1...2).contains(batch.contract))
    for event in batch.accepted {
        let line = event.jsonLine(contract: batch.contract, unit: "u", receivedAt: "2026-11-27T10:00:00.000Z")
        precondition(line.last == 0x0A)
        precondition((try? JSONReader.read(Array(line.dropLast()))) != nil)
    }
    return 0
}
