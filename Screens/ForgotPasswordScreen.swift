import ScreenKit

/// Forgot password: asks for the email and requests a reset link.
enum ForgotPasswordScreen {
    static let screen = Screen(
        "forgot-password",
        title: "Reset Password",
        initialState: ["email": ""]
    ) {
        Column(spacing: 12, alignment: .leading) {
            Text("Reset your password").style(.title)
            Text("We'll email you a link to choose a new one.").style(.body)
            TextField("Email", id: "email", stateKey: "email").keyboard(.email)
            Button(
                "Send reset link", id: "send-link",
                action: .sequence(
                    .apiCall("/api/v1/password-resets", bodyFromState: ["email"]),
                    .showAlert(
                        title: "Check your inbox", message: "If the address is registered, a link is on its way.")
                ))
            Button("Cancel", id: "cancel", action: .navigate(to: "sign-in")).style(.secondary)
        }
        .padding(24)
    }
}
