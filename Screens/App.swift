import ScreenKit

/// The example app: a small shop whose screens are served by ScreenKit.
public enum App {
    /// Every component, action kind and screen of the app.
    public static let catalog = Catalog(
        components: StandardCatalog.components + [ProductCard.self],
        screens: [
            SignInScreen.screen,
            ForgotPasswordScreen.screen,
            HomeScreen.screen,
            SettingsScreen.screen,
        ] + Product.all.map(ProductScreen.screen(for:)),
        externalScreens: ["cart", OrdersScreen.id],
        events: AnalyticsEvents.all,
        tokens: ColorToken.shop,
        requestTimeStrings: OrdersScreen.strings
    )

    /// The locales the app's screens are translated into besides English (`screenkit.json`'s
    /// "locales"); the String Catalog is Localizable.xcstrings, embedded as ``EmbeddedStringCatalogs``.
    public static let locales = ["de", "fr", "pl"]
}
