// Renders the example app's screens the way a server does at request time: one ScreenRenderer,
// created at start-up from the catalog and its embedded history, then the data-driven orders
// screen for a few generated customers and every client contract version, plus a catalog screen.
//
//   swift run render-example                  # a summary line per render
//   swift run render-example --out rendered   # also writes rendered/<customer>/orders@<k>.json
import ExampleScreens
import Foundation
import ScreenRendering

var out: String?
var arguments = Array(CommandLine.arguments.dropFirst())
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--out" where !arguments.isEmpty: out = arguments.removeFirst()
    case "-h", "--help":
        print("USAGE: render-example [--out DIR]")
        exit(0)
    default:
        FileHandle.standardError.write(
            Data("render-example: unknown argument \(argument)\nUSAGE: render-example [--out DIR]\n".utf8))
        exit(2)
    }
}

let renderer: ScreenRenderer
do {
    renderer = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
print(
    "renderer ready: contract versions 1–\(renderer.current), catalog screens \(renderer.catalogScreenIDs.joined(separator: ", "))"
)

let customers = [
    Customer.sample(name: "Ada", orders: 3), Customer.sample(name: "Grace", orders: 0),
    Customer.sample(name: "Linus", orders: 12),
]
for customer in customers {
    for header in [nil, "1", "2", "7"] as [String?] {
        let client = ClientContract.parse(header)
        do {
            let rendered = try renderer.render(OrdersScreen.screen(for: customer), for: client)
            let downgrades =
                rendered.downgrades.prefix(2).map(\.description).joined(separator: "; ")
                + (rendered.downgrades.count > 2 ? "; … \(rendered.downgrades.count - 2) more" : "")
            print(
                "orders for \(customer.name), \(client): contract \(rendered.servedVersion), \(rendered.bytes.count) bytes, ETag \(rendered.etag)\(downgrades.isEmpty ? "" : ", downgrades: \(downgrades)")"
            )
            if let out, header != nil {
                let folder = URL(fileURLWithPath: out).appendingPathComponent(customer.name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(rendered.bytes).write(
                    to: folder.appendingPathComponent("orders@\(rendered.servedVersion).json"))
            }
        } catch let error as RenderError {
            print("orders for \(customer.name), \(client): \(error.status) \(error)")
        } catch {
            print("orders for \(customer.name): cannot write: \(error)")
            exit(1)
        }
    }
}
let home = renderer.respond(screenID: "home", contractHeader: "1", ifNoneMatch: nil)
print(
    "GET /screens/home (ScreenKit-Contract: 1): \(home.status), \(home.body.count) bytes, ETag \(home.header("ETag") ?? "-")"
)
let revalidated = renderer.respond(screenID: "home", contractHeader: "1", ifNoneMatch: home.header("ETag"))
print("GET /screens/home with If-None-Match: \(revalidated.status)")
