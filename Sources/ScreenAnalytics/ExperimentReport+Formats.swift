import Foundation
import ScreenJSON

extension ExperimentReport {
    /// The report as text for a terminal: the split check first, then one row per arm, then notes.
    public var text: String {
        var lines = ["experiment \(experiment) · goal \(goal) · control arm: \(control)", sampleRatioLine]
        let header = ["arm", "weight", "units", "converted", "rate", "95% interval", "lift", "relative lift", "p"]
        let rows = [header] + arms.map(cells)
        var widths = Array(repeating: 0, count: header.count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        for row in rows {
            let padded = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }
            lines.append(padded.joined(separator: "  "))
        }
        lines += warnings.map { "warning: \($0)" }
        lines += notes.map { "note: \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as Markdown, for a pull request or a wiki: a heading, the split check, a table.
    public var markdown: String {
        var lines = ["## Experiment `\(experiment)` · goal `\(goal)`", ""]
        if let sampleRatio, sampleRatio.mismatch {
            lines.append("> **⚠️ \(sampleRatioLine)**")
        } else {
            lines.append(sampleRatioLine)
        }
        lines += [
            "", "| arm | weight | units | converted | rate | 95% interval | lift | relative lift | p |",
            "|---|---:|---:|---:|---:|---|---|---|---:|",
        ]
        for arm in arms {
            var row = cells(arm)
            row[0] = arm.name == control ? "`\(arm.name)` (control)" : "`\(arm.name)`"
            lines.append("| " + row.joined(separator: " | ") + " |")
        }
        if !warnings.isEmpty { lines += [""] + warnings.map { "- ⚠️ \($0)" } }
        if !notes.isEmpty { lines += [""] + notes.map { "- \($0)" } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON, format 1, every figure at full precision.
    public var json: [UInt8] {
        var json = JSONWriter(style: .pretty)
        json.object { json in
            json.member("format", 1)
            json.member("experiment", experiment)
            json.member("goal", goal)
            json.member("control", control)
            if let sampleRatio {
                json.object("sampleRatio") { json in
                    number("statistic", sampleRatio.statistic, into: &json)
                    number("p", sampleRatio.p, into: &json)
                    number("threshold", Self.srmThreshold, into: &json)
                    json.member("mismatch", sampleRatio.mismatch)
                }
            }
            json.objects("arms", arms) { json, arm in
                json.member("name", arm.name)
                json.member("weight", ifPresent: arm.weight)
                json.member("units", arm.units)
                json.member("converted", arm.converted)
                if let rate = arm.rate { number("rate", rate, into: &json) }
                if let interval = arm.interval {
                    json.object("interval") { json in
                        number("low", interval.low, into: &json)
                        number("high", interval.high, into: &json)
                    }
                }
                for (key, value) in [("lift", arm.lift), ("relativeLift", arm.relativeLift)] {
                    guard let value else { continue }
                    json.object(key) { json in
                        number("value", value.value, into: &json)
                        number("low", value.low, into: &json)
                        number("high", value.high, into: &json)
                    }
                }
                if let test = arm.test {
                    number("z", test.z, into: &json)
                    number("p", test.p, into: &json)
                }
            }
            json.member("notes", notes)
            if !warnings.isEmpty { json.member("warnings", warnings) }
        }
        json.newline()
        return json.takeBytes()
    }

    /// `"key": value` for a finite number, nothing otherwise.
    private func number(_ key: String, _ value: Double, into json: inout JSONWriter) {
        guard value.isFinite else { return }
        json.key(key)
        try? json.number(value)
    }

    /// The split check in one line.
    var sampleRatioLine: String {
        guard let sampleRatio else { return "sample ratio: not checked (fewer than two declared arms exposed)" }
        let weights = arms.compactMap { arm in arm.weight.map { "\(arm.name) \($0)" } }.joined(separator: ", ")
        let figures = "chi-square \(Self.fixed(sampleRatio.statistic, 2)), p = \(Self.pValue(sampleRatio.p))"
        return sampleRatio.mismatch
            ? "SAMPLE RATIO MISMATCH: \(figures) < \(Self.srmThreshold) against the weights \(weights): the split is broken; do not read the lift below"
            : "sample ratio: \(figures) against the weights \(weights): ok"
    }

    /// One arm's cells: name, weight, units, converted, rate, interval, lift, relative lift, p.
    func cells(_ arm: Arm) -> [String] {
        [
            arm.name, arm.weight.map(String.init) ?? "—", "\(arm.units)", "\(arm.converted)",
            arm.rate.map { Self.percent($0) } ?? "—",
            arm.interval.map { "[\(Self.percent($0.low)), \(Self.percent($0.high))]" } ?? "—",
            arm.lift.map {
                "\(Self.signed($0.value * 100)) pp [\(Self.signed($0.low * 100)), \(Self.signed($0.high * 100))]"
            } ?? "—",
            arm.relativeLift.map {
                "\(Self.signed($0.value * 100))% [\(Self.signed($0.low * 100))%, \(Self.signed($0.high * 100))%]"
            } ?? "—",
            arm.test.map { Self.pValue($0.p) } ?? "—",
        ]
    }

    /// `value` with `digits` decimals.
    package static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    /// A rate as a percentage with two decimals (`12.34%`).
    package static func percent(_ value: Double) -> String { fixed(value * 100, 2) + "%" }
    /// A number with its sign and two decimals (`+1.20`).
    package static func signed(_ value: Double) -> String { (value >= 0 ? "+" : "") + fixed(value, 2) }
    /// A p-value as the report prints it: four decimals, or two significant digits below 0.0001.
    public static func pValue(_ p: Double) -> String { p < 0.0001 ? String(format: "%.2e", p) : fixed(p, 4) }
}
