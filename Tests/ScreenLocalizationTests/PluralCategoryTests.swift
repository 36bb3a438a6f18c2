import ScreenLocalization
import Testing

/// The plural categories, as String Catalogs name them.
@Suite struct PluralCategoryTests {
    @Test func theCategoriesAreCLDRsInCLDRsOrder() {
        #expect(PluralCategory.allCases.map(\.rawValue) == ["zero", "one", "two", "few", "many", "other"])
        #expect(PluralCategory.allCases.sorted() == PluralCategory.allCases)
        #expect(PluralCategory(rawValue: "few") == .few && PluralCategory(rawValue: "Few") == nil)
    }
}
