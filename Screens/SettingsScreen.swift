import ScreenKit

/// Settings: account, help links and signing out.
enum SettingsScreen {
    static let screen = Screen("settings", title: "Settings", initialState: ["notifications": true]) {
        Column(spacing: 0, alignment: .trailing) {
            Text("Settings").style(.largeTitle)
            Spacer(height: 24)
            Divider().color(.separator)
            Row(id: "notifications-row", alignment: .top) {
                Text("Notifications")
                Spacer(width: 8)
                Button("Turn off", id: "notifications-off", action: .updateState("notifications", to: false))
                    .style(.secondary)
            }
            Button("Help centre", id: "help", action: .openURL("https://help.example.com/?from=app&v=1")).style(.plain)
            Button(
                "Sign out", id: "sign-out",
                action: .sequence(
                    .apiCall("/api/v1/session", method: "DELETE"),
                    .navigate(to: "sign-in", presentation: .fullScreenCover)
                )
            )
            .style(.destructive)
            Text("Version 4.2 · Made with ScreenKit").style(.footnote)
        }
        .padding(20)
    }
}
