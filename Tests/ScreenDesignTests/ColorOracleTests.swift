import Foundation
import ScreenDesign
import ScreenTestSupport
import Testing

/// ScreenDesign's colour math against independent implementations on generated colours: WCAG
/// contrast ratios against PyPI's `wcag-contrast-ratio`, CIEDE2000 and CIELAB against
/// `colour-science` (Tests/Support/design_oracle.py).
@Suite struct ColorOracleTests {
    /// `count` seeded 8-bit sRGB colours, components 0–1.
    static func colors(_ count: Int, seed: UInt64) -> [AppColor] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            AppColor(
                red: Double(random.next() % 256) / 255, green: Double(random.next() % 256) / 255,
                blue: Double(random.next() % 256) / 255)
        }
    }

    static func oracle(_ input: [String: Any]) throws -> [String: Any] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenkit-design-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("input.json")
        try JSONSerialization.data(withJSONObject: input).write(to: file)
        let python = try TestPython.interpreter.get()
        let (status, output) = TestPython.run(
            python, [TestPython.supportFolder.appendingPathComponent("design_oracle.py").path, file.path])
        try #require(status == 0, "the oracle failed: \(output)")
        let json = try JSONSerialization.jsonObject(with: Data(output.utf8))
        return try #require(json as? [String: Any])
    }

    static func components(_ color: AppColor) -> [Double] { [color.red, color.green, color.blue] }

    @Test(.integration("colour-science")) func contrastRatiosDeltaEAndLabAgreeWithTheOracle() throws {
        let first = Self.colors(400, seed: 43)
        let second = Self.colors(400, seed: 4343)
        // Near-identical pairs too, where ΔE's hue terms are most delicate.
        var random = SplitMix64(seed: 7)
        let near = first.map { color in
            func nudge(_ value: Double) -> Double {
                min(1, max(0, value + Double(Int(random.next() % 7) - 3) / 255))
            }
            return AppColor(red: nudge(color.red), green: nudge(color.green), blue: nudge(color.blue))
        }
        let pairs = Array(zip(first, second)) + Array(zip(first, near))
        let labs = pairs.map { (ColorDifference.lab($0.0), ColorDifference.lab($0.1)) }
        let oracle = try Self.oracle([
            "pairs": pairs.map { [Self.components($0.0), Self.components($0.1)] },
            "labs": labs.map { [$0.0, $0.1] },
            "colors": first.map(Self.components),
        ])
        let contrast = try #require(oracle["contrast"] as? [Double])
        let deltaE = try #require(oracle["deltaE"] as? [Double])
        let lab = try #require(oracle["lab"] as? [[Double]])
        #expect(contrast.count == pairs.count && deltaE.count == pairs.count && lab.count == first.count)
        for (index, pair) in pairs.enumerated() {
            let ours = Contrast.ratio(pair.0, on: pair.1)
            #expect(abs(ours - contrast[index]) <= 1e-9 * contrast[index], "contrast \(pair.0) on \(pair.1)")
            let difference = ColorDifference.ciede2000(labs[index].0, labs[index].1)
            #expect(abs(difference - deltaE[index]) <= 1e-9 * max(1, deltaE[index]), "ΔE \(labs[index])")
        }
        // CIELAB through each library's own sRGB and D65 constants (colour-science derives the white
        // point from its chromaticity, ScreenDesign uses the rounded tristimulus): within 0.05.
        for (index, color) in first.enumerated() {
            let ours = ColorDifference.lab(color)
            for axis in 0..<3 { #expect(abs(ours[axis] - lab[index][axis]) < 0.05, "Lab of \(color)") }
        }
    }

    /// Sharma, Wu and Dalal's published CIEDE2000 test data (a selection of their 34 pairs).
    @Test(arguments: [
        ([50.0, 2.6772, -79.7751], [50.0, 0.0, -82.7485], 2.0425),
        ([50.0, 3.1571, -77.2803], [50.0, 0.0, -82.7485], 2.8615),
        ([50.0, 2.8361, -74.0200], [50.0, 0.0, -82.7485], 3.4412),
        ([50.0, -1.3802, -84.2814], [50.0, 0.0, -82.7485], 1.0000),
        ([50.0, 0.0, 0.0], [50.0, -1.0, 2.0], 2.3669),
        ([50.0, 2.5, 0.0], [73.0, 25.0, -18.0], 27.1492),
        ([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644),
        ([22.7233, 20.0904, -46.6940], [23.0331, 14.9730, -42.5619], 2.0373),
    ])
    func sharmasPairs(first: [Double], second: [Double], expected: Double) {
        #expect(abs(ColorDifference.ciede2000(first, second) - expected) < 0.0001)
        #expect(abs(ColorDifference.ciede2000(second, first) - expected) < 0.0001)
    }
}
