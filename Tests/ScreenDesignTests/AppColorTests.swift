import ScreenDesign
import Testing

/// Colour literals, colour spaces and the WCAG contrast of known pairs.
@Suite struct AppColorTests {
    @Test func literalsReadAsScreenKitWritesThem() throws {
        let brand = try #require(AppColor(literal: "#0A84FF"))
        #expect(brand.red == 10.0 / 255 && brand.green == 132.0 / 255 && brand.blue == 1 && brand.alpha == 1)
        let translucent = try #require(AppColor(literal: "#800A84ff"))
        #expect(translucent.alpha == 128.0 / 255 && translucent.hex == "#800A84FF")
        for bad in ["#12345", "0A84FF", "#GGGGGG", "#FFF", "#0A84FF00FF", ""] { #expect(AppColor(literal: bad) == nil) }
    }

    @Test func displayP3IsConvertedToSRGB() {
        let red = AppColor(space: .displayP3, red: 1, green: 0, blue: 0).sRGB
        #expect(abs(red.red - 1.0931) < 0.001 && abs(red.green + 0.2267) < 0.001 && abs(red.blue + 0.1501) < 0.001)
        #expect(AppColor(space: .displayP3, red: 1, green: 1, blue: 1).hex == "#FFFFFF")
        #expect(AppColor(space: .displayP3, red: 1, green: 0, blue: 0).description == "#FF0000 (from display-p3)")
    }

    @Test func contrastOfKnownPairs() throws {
        let white = AppColor(red: 1, green: 1, blue: 1)
        let black = AppColor(red: 0, green: 0, blue: 0)
        #expect(Contrast.ratio(black, on: white) == 21)
        #expect(Contrast.ratio(white, on: black) == 21)
        #expect(Contrast.ratio(white, on: white) == 1)
        // #767676 is the lightest grey that passes AA on white; #777777 just fails.
        #expect(Contrast.ratio(try #require(AppColor(literal: "#767676")), on: white) >= 4.5)
        #expect(Contrast.ratio(try #require(AppColor(literal: "#777777")), on: white) < 4.5)
        // Half-transparent black on white is drawn as mid grey.
        let half = AppColor(red: 0, green: 0, blue: 0, alpha: 0.5)
        let grey = half.composited(over: white)
        #expect(abs(grey.red - 0.5) < 1e-12 && grey.alpha == 1)
    }

    @Test func deltaEOfAColourWithItselfIsZeroAndOfNearColoursSmall() throws {
        let brand = try #require(AppColor(literal: "#0A84FF"))
        #expect(ColorDifference.deltaE(brand, brand) == 0)
        #expect(ColorDifference.deltaE(brand, try #require(AppColor(literal: "#0B84FF"))) < 1)
        #expect(ColorDifference.deltaE(brand, try #require(AppColor(literal: "#FF3B30"))) > 40)
    }
}
