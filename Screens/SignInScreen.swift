import ScreenKit

/// Sign-in: email and password bound to state; signing in calls the API, then opens home.
enum SignInScreen {
    static let screen = Screen(
        "sign-in",
        title: "Sign In",
        initialState: ["email": "", "password": ""]
    ) {
        ScrollView {
            Column(id: "form", spacing: 16, alignment: .leading) {
                header
                fields
                actions
            }
            .padding(24)
        }
    }

    @ScreenBuilder static var header: [Node] {
        Image(url: "https://cdn.example.com/brand/logo.png", id: "logo")
            .frame(width: 96, height: 96)
            .accessibilityLabel("Brew & Co. logo")
        Text(localized: "Welcome back", id: "welcome").style(.largeTitle)
        Text(
            localized: LocalizedString("sign-in.subtitle", defaultValue: "Sign in to see your orders & saved brews."),
            id: "subtitle"
        )
        .style(.subheadline).color(.textSecondary)
    }

    @ScreenBuilder static var fields: [Node] {
        TextField(localized: "Email", id: "email", stateKey: "email").keyboard(.email)
        TextField(localized: "Password", id: "password", stateKey: "password").secure()
    }

    @ScreenBuilder static var actions: [Node] {
        Button(
            localized: "Sign in", id: "sign-in-button",
            action: .sequence(
                .apiCall("/api/v1/session", bodyFromState: ["email", "password"]),
                .navigate(to: "home", presentation: .fullScreenCover)
            ))
        Button(
            localized: "Forgot password?", id: "forgot-password",
            action: .navigate(to: "forgot-password", presentation: .sheet)
        )
        .style(.plain)
    }
}
