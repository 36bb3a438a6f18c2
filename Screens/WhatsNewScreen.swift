import ScreenKit

/// "What's new": only for apps built for contract 2 and later, which decode everything it uses;
/// older apps are told to update (a request-time renderer answers them 406). Served by the example
/// servers at request time; not in the published catalog.
public enum WhatsNewScreen {
    /// The screen.
    public static let screen = Screen("whats-new", title: "What's new", minContract: 2) {
        Column(id: "news", spacing: 12) {
            Text("New in this version", id: "headline").style(.display)
            Divider()
            Text("Share any product with a friend from its page.", id: "share-note").lineLimit(2)
            Button("Back home", id: "back-home", action: .navigate(to: "home")).style(.secondary)
        }
        .padding(20)
    }
}
