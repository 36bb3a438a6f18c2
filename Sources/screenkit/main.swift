import ExampleScreens
import ScreenKitCLI

await CLI.main(catalog: App.catalog)
