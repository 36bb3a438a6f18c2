import ScreenKitCLI
import Screens

await CLI.main(catalog: App.catalog)
