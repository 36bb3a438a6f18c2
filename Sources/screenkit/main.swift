import ScreenKitCLI
import ExampleScreens

await CLI.main(catalog: App.catalog)
