/// One family of contract counters: its Prometheus name, its help text, and its series sorted by
/// their labels.
public struct ContractHealthFamily: Sendable, Hashable {
    /// One label of a series.
    public struct Label: Sendable, Hashable {
        /// Its name (`screen`).
        public let name: String
        /// Its value (`home`).
        public let value: String
    }

    /// One series: its labels, in the family's order, and its count.
    public struct Series: Sendable, Hashable {
        /// The labels.
        public let labels: [Label]
        /// The count.
        public let value: Int
    }

    /// The metric's name (`screenkit_responses_total`).
    public let name: String
    /// What it counts.
    public let help: String
    /// Its series, sorted by their labels' values.
    public let series: [Series]

    init(_ name: String, _ help: String, _ series: [([(String, String)], Int)]) {
        self.name = name
        self.help = help
        self.series = series.sorted { PrometheusText.order($0.0, $1.0) }.map { labels, value in
            Series(labels: labels.map { Label(name: $0.0, value: $0.1) }, value: value)
        }
    }
}
