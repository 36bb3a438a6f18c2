import ExampleScreens
import ScreenCompiler
import ScreenKit
import ScreenRendering

/// What the optional features cost a screen that uses none of them: the orders screen with literal
/// strings, no experiment and no analytics events, rendered per request. Localization: the same
/// screen by a renderer configured with String Catalogs against one without (paired). Experiments:
/// the check every per-request render makes for experiments, timed alone, against the render.
/// Observers are measured by ``ObservedRenderBenchmark`` (respond() with and without one).
enum FeatureCostBenchmark {
    /// The largest cost issue 44 allows a feature on a screen that does not use it.
    static let target = 1.02

    static func run(_ options: RenderBenchmark.Options) throws {
        let plain = try ScreenRenderer(catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files))
        let localizing = try ScreenRenderer(
            catalog: App.catalog, history: .embedded(EmbeddedContractHistory.files),
            strings: ScreenRenderer.Strings(catalogs: EmbeddedStringCatalogs.catalogs, locales: App.locales))
        let customer = Customer.sample(orders: options.orders)
        // The orders screen with its strings written in as English literals.
        let literal = Localizer(translations: localizing.translations, locale: "en").localize(
            OrdersScreen.screen(for: customer))
        let client = ClientContract.version(plain.current)
        guard
            try plain.render(literal, for: client).bytes
                == localizing.render(literal, for: client, locale: "en").bytes
        else { throw BenchError("the literal screen renders differently with String Catalogs configured") }
        log(
            "feature cost benchmark: the orders screen (\(options.orders) orders) with literal strings, no experiment and no events, \(options.requests) paired renders"
        )
        let localization = try ExperimentRenderBenchmark.paired(
            rounds: options.requests, batch: 1,
            with: { _ = try localizing.render(literal, for: client, locale: "en") },
            without: { _ = try plain.render(literal, for: client) })
        print(
            ExperimentRenderBenchmark.comparison(
                "# feature cost, localization (String Catalogs configured) on a screen without localized strings, contract \(plain.current)",
                names: ("configured", "not configured"), localization, target: target, allocations: nil))
        var found = false
        let check = try RenderBenchmark.sample(options.requests * 10) {
            found = found || ExperimentResolution.hasExperiments(literal)
        }
        let render = try RenderBenchmark.sample(options.requests) { _ = try plain.render(literal, for: client) }
        let share = check.p50 / render.p50
        print(
            "# feature cost, experiments on a screen without one, contract \(plain.current): the check for experiments \(String(format: "%.2f", check.p50 * 1e6)) us of a \(RenderBenchmark.format(render.p50)) us render, ratio \(String(format: "%.3f", 1 + share)) (target <= \(target): \(1 + share <= target ? "met" : "missed"))\(found ? " (found one: the screen is not the one meant)" : "")"
        )
    }
}
