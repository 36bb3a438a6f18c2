// A strict client model, written independently of ScreenKit's own types, the way a hand-built
// native client decodes the wire format: synthesized `Decodable`, every defaulted field a
// non-optional stored property (so a missing default fails to decode), optional fields optional.
// Only the `type` discriminators are decoded by hand, as any client must.
//
// The model is version-aware: decoding with `userInfo[.contractVersion] = k` behaves as a client
// built for contract k, which fails on anything version k does not know (variants must never
// contain it). Without a version it is a current client that renders unknown types through their
// inline fallback, as the full envelope expects.

import Foundation

extension CodingUserInfoKey {
    /// The client contract version the strict model decodes as.
    static let contractVersion = CodingUserInfoKey(rawValue: "contractVersion")!
}

/// Decodes `bytes` as a client of contract `version` (nil: a current client).
public func decodeAsClient(_ bytes: [UInt8], version: Int?) throws -> ClientEnvelope {
    let decoder = JSONDecoder()
    if let version { decoder.userInfo[.contractVersion] = version }
    return try decoder.decode(ClientEnvelope.self, from: Data(bytes))
}

/// What a version-k client does not know: thrown while decoding a variant that contains it.
public struct UnknownToClient: Error, CustomStringConvertible {
    /// What the client does not know.
    public let description: String
}

/// Throws when a client of the decoder's contract version would not know an element of version 2.
private func requireVersion2(_ decoder: any Decoder, _ element: String) throws {
    if let version = decoder.userInfo[.contractVersion] as? Int, version < 2 {
        throw UnknownToClient(description: "\(element) is unknown to clients of contract \(version)")
    }
}

/// An envelope as a strict client decodes it.
public struct ClientEnvelope: Decodable {
    /// The envelope format.
    public let format: Int
    /// The screen ID.
    public let id: String
    /// The contract version the payload is written for.
    public let contract: Int
    /// The oldest supported client contract.
    public let minContract: Int
    /// The title, if set.
    public let title: String?
    let initialState: [String: ClientScalar]
    let root: ClientNode
}

enum ClientScalar: Decodable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}

enum ClientTextStyle: String, Decodable {
    case largeTitle, title, headline, subheadline, body, caption, footnote, display
}
enum ClientButtonStyle: String, Decodable { case primary, secondary, destructive, plain }
enum ClientHorizontalAlignment: String, Decodable { case leading, center, trailing }
enum ClientVerticalAlignment: String, Decodable { case top, center, bottom }
enum ClientContentMode: String, Decodable { case fit, fill }
enum ClientScrollAxis: String, Decodable { case vertical, horizontal }
enum ClientKeyboard: String, Decodable { case `default`, email, number, url }
enum ClientPresentation: String, Decodable { case push, sheet, fullScreenCover }

struct ColumnNode: Decodable {
    let id: String
    let spacing: Double
    let padding: Double
    let alignment: ClientHorizontalAlignment
    let children: [ClientNode]
}

struct RowNode: Decodable {
    let id: String
    let spacing: Double
    let alignment: ClientVerticalAlignment
    let children: [ClientNode]
}

struct ScrollViewNode: Decodable {
    let id: String
    let axis: ClientScrollAxis
    let children: [ClientNode]
}

struct LazyVStackNode: Decodable {
    let id: String
    let spacing: Double
    let children: [ClientNode]
}

struct TextNode: Decodable {
    let id: String
    let content: String
    let style: ClientTextStyle
    let color: String?
    let maxLines: Double?
}

struct DividerNode: Decodable {
    let id: String
    let thickness: Double
    let color: String?
}

struct ImageNode: Decodable {
    let id: String
    let url: String
    let contentMode: ClientContentMode
    let width: Double?
    let height: Double?
    let cornerRadius: Double
    let accessibilityLabel: String?
}

struct SpacerNode: Decodable {
    let id: String
    let height: Double?
    let width: Double?
}

struct ButtonNode: Decodable {
    let id: String
    let label: String
    let action: ClientAction
    let style: ClientButtonStyle
    let isEnabled: Bool
}

struct TextFieldNode: Decodable {
    let id: String
    let placeholder: String
    let stateKey: String
    let keyboardType: ClientKeyboard
    let isSecure: Bool
}

struct CardNode: Decodable {
    let id: String
    let padding: Double
    let cornerRadius: Double
    let action: ClientAction?
    let children: [ClientNode]
}

struct ProductCardNode: Decodable {
    let id: String
    let title: String
    let price: String
    let imageURL: String
    let action: ClientAction
    let badge: String?
}

/// A node as a client decodes it; a type it does not know decodes through its fallback.
indirect enum ClientNode: Decodable {
    case column(ColumnNode)
    case row(RowNode)
    case scrollView(ScrollViewNode)
    case lazyVStack(LazyVStackNode)
    case text(TextNode)
    case image(ImageNode)
    case spacer(SpacerNode)
    case button(ButtonNode)
    case textField(TextFieldNode)
    case card(CardNode)
    case productCard(ProductCardNode)
    case divider(DividerNode)
    case dropped

    private enum Keys: String, CodingKey { case type, fallback }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "column": self = .column(try ColumnNode(from: decoder))
        case "row": self = .row(try RowNode(from: decoder))
        case "scrollView": self = .scrollView(try ScrollViewNode(from: decoder))
        case "lazyVStack": self = .lazyVStack(try LazyVStackNode(from: decoder))
        case "text":
            let node = try TextNode(from: decoder)
            if node.maxLines != nil { try requireVersion2(decoder, "text.maxLines") }
            if node.style == .display { try requireVersion2(decoder, "TextStyle.display") }
            self = .text(node)
        case "image": self = .image(try ImageNode(from: decoder))
        case "spacer": self = .spacer(try SpacerNode(from: decoder))
        case "button": self = .button(try ButtonNode(from: decoder))
        case "textField": self = .textField(try TextFieldNode(from: decoder))
        case "card": self = .card(try CardNode(from: decoder))
        case "productCard":
            try requireVersion2(decoder, "productCard")
            self = .productCard(try ProductCardNode(from: decoder))
        case "divider":
            try requireVersion2(decoder, "divider")
            self = .divider(try DividerNode(from: decoder))
        default:
            if decoder.userInfo[.contractVersion] != nil {
                throw UnknownToClient(description: "component type \(type) is unknown to this client")
            }
            if (try? container.decode(String.self, forKey: .fallback)) == "drop" {
                self = .dropped
            } else {
                self = try container.decode(ClientNode.self, forKey: .fallback)
            }
        }
    }

    /// Every node of the decoded tree, this one first.
    var all: [ClientNode] {
        var result = [self]
        for child in children { result += child.all }
        return result
    }

    var children: [ClientNode] {
        switch self {
        case .column(let node): node.children
        case .row(let node): node.children
        case .scrollView(let node): node.children
        case .lazyVStack(let node): node.children
        case .card(let node): node.children
        default: []
        }
    }
}

struct NavigateAction: Decodable {
    let destination: String
    let params: [String: String]
    let presentation: ClientPresentation
}

struct APICallAction: Decodable {
    let endpoint: String
    let method: String
    let bodyFromState: [String]
}

struct UpdateStateAction: Decodable {
    let key: String
    let value: ClientScalar
}

struct ShowAlertAction: Decodable {
    let title: String
    let message: String?
}

struct OpenURLAction: Decodable {
    let url: String
}

struct SequenceAction: Decodable {
    let actions: [ClientAction]
}

struct ShareAction: Decodable {
    let url: String
    let message: String?
}

/// An action as a client decodes it.
indirect enum ClientAction: Decodable {
    case navigate(NavigateAction)
    case apiCall(APICallAction)
    case updateState(UpdateStateAction)
    case showAlert(ShowAlertAction)
    case openURL(OpenURLAction)
    case sequence(SequenceAction)
    case share(ShareAction)

    private enum Keys: String, CodingKey { case type }

    init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .type)
        switch type {
        case "navigate": self = .navigate(try NavigateAction(from: decoder))
        case "apiCall": self = .apiCall(try APICallAction(from: decoder))
        case "updateState": self = .updateState(try UpdateStateAction(from: decoder))
        case "showAlert": self = .showAlert(try ShowAlertAction(from: decoder))
        case "openURL": self = .openURL(try OpenURLAction(from: decoder))
        case "sequence": self = .sequence(try SequenceAction(from: decoder))
        case "share":
            try requireVersion2(decoder, "action share")
            self = .share(try ShareAction(from: decoder))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown action type \(type)"))
        }
    }
}
