/// The standard catalog: version 1 is what existing hand-built clients decode; later versions only add.
public enum StandardCatalog {
    /// The standard components, in contract order.
    public static let components: [any Component.Type] = [
        Column.self, Row.self, ScrollView.self, LazyVStack.self, Text.self,
        Image.self, Spacer.self, Button.self, TextField.self, Card.self, Divider.self,
    ]

    /// The standard action kinds, in contract order.
    public static let actions: [ActionSchema] = [
        .navigate, .apiCall, .updateState, .showAlert, .openURL, .sequence, .share,
    ]
}
