import Foundation
import ScreenJSON

/// Writes metric families in the Prometheus text exposition format, version 0.0.4: `# HELP` and
/// `# TYPE` lines, then one line per series, sorted by its labels, label values escaped.
struct PrometheusText {
    enum Kind: String {
        case counter
        case histogram
    }

    private(set) var output = ""

    /// A family of counters.
    mutating func family(_ name: String, _ kind: Kind, _ help: String, _ series: [([(String, String)], Int)]) {
        header(name, kind, help)
        for (labels, value) in series.sorted(by: { Self.order($0.0, $1.0) }) {
            output += name + Self.labels(labels) + " \(value)\n"
        }
    }

    /// A family of histograms: cumulative `_bucket` series with `le`, then `_sum` and `_count`.
    mutating func histogram(
        _ name: String, _ help: String, buckets: [Double], _ series: [([(String, String)], Histogram)]
    ) {
        header(name, .histogram, help)
        for (labels, histogram) in series.sorted(by: { Self.order($0.0, $1.0) }) {
            var cumulative = 0
            for (bound, count) in zip(buckets, histogram.counts) {
                cumulative += count
                output += name + "_bucket" + Self.labels(labels + [("le", Self.number(bound))]) + " \(cumulative)\n"
            }
            output += name + "_bucket" + Self.labels(labels + [("le", "+Inf")]) + " \(histogram.count)\n"
            output += name + "_sum" + Self.labels(labels) + " \(Self.number(histogram.sum))\n"
            output += name + "_count" + Self.labels(labels) + " \(histogram.count)\n"
        }
    }

    private mutating func header(_ name: String, _ kind: Kind, _ help: String) {
        output += "# HELP \(name) \(Self.escapeHelp(help))\n# TYPE \(name) \(kind.rawValue)\n"
    }

    static func labels(_ labels: [(String, String)]) -> String {
        guard !labels.isEmpty else { return "" }
        return "{" + labels.map { "\($0.0)=\"\(escapeLabel($0.1))\"" }.joined(separator: ",") + "}"
    }

    /// A label value escaped as the format asks: backslash, double quote and line feed.
    static func escapeLabel(_ value: String) -> String {
        ScalarEscaping.escape(value) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            default: nil
            }
        }
    }

    /// Help text escaped: backslash and line feed.
    static func escapeHelp(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// A number as Go's `strconv.FormatFloat(v, 'g', -1, 64)` would print common values: whole
    /// numbers without a fraction, others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Whether series labelled `left` come before those labelled `right`: by the labels' values.
    static func order(_ left: [(String, String)], _ right: [(String, String)]) -> Bool {
        for (a, b) in zip(left, right) where a.1 != b.1 { return a.1 < b.1 }
        return left.count < right.count
    }
}
