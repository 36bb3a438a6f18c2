import ScreenKitCLI
import Screens

CLI.main(catalog: App.catalog)
