import Foundation
import ScreenLocalization

/// `screenkit-bench catalog-read`: reading a large String Catalog at start-up with
/// `StringCatalog.decode`, against Foundation's `JSONSerialization` parsing the same bytes (no
/// model), in the same run.
enum CatalogReadBenchmark {
    /// What to read.
    struct Options: Equatable {
        /// Keys in the catalog.
        var keys = 700
        /// Locales every key is localized in: the first of ``BenchStringCatalog/locales``.
        var locales = 19
        /// Timed reads after the first, of each reader.
        var runs = 20
    }

    /// The target: 700 keys in 19 locales (about 2 MB) read in under 100 ms.
    static let targetSeconds = 0.1

    /// One reader's times, in seconds.
    struct Timings {
        /// The first read in the process.
        let first: Double
        /// The timed reads after it, shortest first.
        let sorted: [Double]

        var p50: Double { sorted[sorted.count / 2] }
        var min: Double { sorted[0] }
        var max: Double { sorted[sorted.count - 1] }
    }

    /// What one run measured.
    struct Report {
        let catalog: BenchStringCatalog
        /// The keys the decoded catalog holds.
        let decodedKeys: Int
        /// The distinct locales its keys are localized in.
        let decodedLocales: Set<String>
        /// `StringCatalog.decode`.
        let decode: Timings
        /// `JSONSerialization.jsonObject` on the same bytes.
        let foundation: Timings
    }

    /// Generates the catalog, checks that it decodes to the keys and locales asked for, and times
    /// both readers, alternately.
    static func measure(_ options: Options) throws -> Report {
        let catalog = BenchStringCatalog.make(keys: options.keys, locales: options.locales)
        let bytes = catalog.bytes
        let path = "Localizable.xcstrings (generated)"
        let (firstDecode, decoded) = try Measure.median(runs: 1) { try StringCatalog.decode(bytes, path: path) }
        let locales = Set(decoded.entries.values.flatMap(\.localizations.keys))
        guard decoded.entries.count == options.keys, locales == Set(catalog.locales),
            decoded.problems.count == catalog.typos
        else {
            throw BenchError(
                "the generated catalog decoded to \(decoded.entries.count) keys in \(locales.count) locales with \(decoded.problems.count) left out, not \(options.keys) in \(options.locales) with \(catalog.typos)"
            )
        }
        let data = Data(bytes)
        let (firstParse, parsed) = try Measure.median(runs: 1) { try JSONSerialization.jsonObject(with: data) }
        guard let top = parsed as? [String: Any], let strings = top["strings"] as? [String: Any],
            strings.count == options.keys
        else { throw BenchError("JSONSerialization did not read \(options.keys) keys from the generated catalog") }
        var decodeTimes: [Double] = []
        var parseTimes: [Double] = []
        for _ in 0..<options.runs {
            let (decodeTime, read) = try Measure.median(runs: 1) { try StringCatalog.decode(bytes, path: path) }
            let (parseTime, object) = try Measure.median(runs: 1) { try JSONSerialization.jsonObject(with: data) }
            decodeTimes.append(decodeTime)
            parseTimes.append(parseTime)
            // Freed here, after both clocks: a catalog read at start-up is kept, so freeing one is
            // no part of reading it.
            withExtendedLifetime((read, object)) {}
        }
        return Report(
            catalog: catalog, decodedKeys: decoded.entries.count, decodedLocales: locales,
            decode: Timings(first: firstDecode, sorted: decodeTimes.sorted()),
            foundation: Timings(first: firstParse, sorted: parseTimes.sorted()))
    }

    /// Measures and prints the report.
    static func run(_ options: Options) throws {
        let report = try measure(options)
        let catalog = report.catalog
        let kinds = BenchStringCatalog.Kind.allCases.map { "\(catalog.kinds[$0] ?? 0) \($0)" }
        let megabytes = String(format: "%.2f", Double(catalog.bytes.count) / 1e6)
        print(
            "catalog: \(catalog.bytes.count) bytes (\(megabytes) MB), \(catalog.keys) keys (\(kinds.joined(separator: ", "))), \(catalog.locales.count) locales (\(catalog.locales.joined(separator: " "))), \(catalog.typos) translations with a typo left out"
        )
        print("reader\truns\tfirst_ms\tp50_ms\tmin_ms\tmax_ms")
        for (name, timings) in [
            ("StringCatalog.decode", report.decode), ("JSONSerialization.jsonObject", report.foundation),
        ] {
            print(
                ([name, "\(options.runs)"] + [timings.first, timings.p50, timings.min, timings.max].map(milliseconds))
                    .joined(separator: "\t"))
        }
        print(
            "decode ÷ JSONSerialization (p50): \(String(format: "%.2f", report.decode.p50 / report.foundation.p50))"
        )
        guard options == Options(keys: 700, locales: 19, runs: options.runs) else {
            print("(the 100 ms target is for the defaults: 700 keys in 19 locales)")
            return
        }
        let slowest = Swift.max(report.decode.first, report.decode.max)
        print(
            "target: 700 keys in 19 locales (\(megabytes) MB in Xcode's layout; the target says 2 MB) read in under 100 ms: \(slowest < targetSeconds ? "met" : "MISSED") (slowest read \(milliseconds(slowest)) ms, first \(milliseconds(report.decode.first)) ms, p50 \(milliseconds(report.decode.p50)) ms)"
        )
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }
}
