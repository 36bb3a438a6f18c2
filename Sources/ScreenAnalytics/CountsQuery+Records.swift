extension CountsQuery {
    /// The SQL condition that holds exactly for the lines `ResponseRecord(line:)` reads as records
    /// (what `screenkit health` counts and `experiment report` takes as exposures), so that a query's
    /// counts are the reader's on any log: format 1 or 2, event `response`, an RFC 3339 time, a string
    /// `source`, in format 2 a string `release` that names one (`ResponseRecord.isRelease`), a string or null `screen`, a `client` of `none`, `malformed` or 1 to 4 digits (not
    /// 0), whole `served` 0–9999 and `status` 100–599, string or absent `locale`, `unit` and
    /// `object`, `experiments` and `forced` absent or maps of strings, `fallbacks` absent or a list
    /// of `{element, count}` with a whole count from 1 to 2^20, and the line ASCII and at most
    /// 8 KiB. DuckDB checks every clause; Athena and BigQuery check the format, event, time,
    /// client, ranges and the line's length and characters (their JSON functions read the types
    /// more loosely).
    var validRecord: String {
        let maximum = ResponseRecord.maximumLineBytes
        let counts = ResponseRecord.maximumFallbackCount
        let client = "'^(none|malformed|[0-9]{1,4})$'"
        let release = "'^[a-z0-9][a-z0-9._-]{0,\(ResponseRecord.maximumReleaseBytes - 1)}$'"
        let formats = "\(ResponseRecord.formats.lowerBound) AND \(ResponseRecord.formats.upperBound)"
        let time =
            "'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)"
            + "(\\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$'"
        switch dialect {
        case .duckdb:
            func type(_ path: String) -> String { "json_type(line, '\(path)')" }
            func whole(_ value: String, _ path: String) -> String {
                "(json_type(\(value), '\(path)') IN ('UBIGINT', 'BIGINT') OR (json_type(\(value), '\(path)') = 'DOUBLE'"
                    + " AND TRY_CAST(json_extract_string(\(value), '\(path)') AS DOUBLE)"
                    + " = floor(TRY_CAST(json_extract_string(\(value), '\(path)') AS DOUBLE))"
                    + " AND abs(TRY_CAST(json_extract_string(\(value), '\(path)') AS DOUBLE)) < 9e15))"
            }
            func number(_ path: String) -> String { "TRY_CAST(json_extract_string(line, '\(path)') AS DOUBLE)" }
            func optionalString(_ path: String) -> String { "coalesce(\(type(path)), 'NULL') IN ('NULL', 'VARCHAR')" }
            func stringMap(_ path: String) -> String {
                "(\(type(path)) IS NULL OR (\(type(path)) = 'OBJECT' AND coalesce(list_bool_and("
                    + "[json_type(value) = 'VARCHAR' FOR value IN json_extract(line, '\(path).*')]), true)))"
            }
            return """
                length(CAST(line AS VARCHAR)) <= \(maximum)
                    AND NOT regexp_matches(CAST(line AS VARCHAR), '[^\\x01-\\x7F]')
                    AND \(whole("line", "$.format")) AND \(number("$.format")) BETWEEN \(formats)
                    AND (\(number("$.format")) = 1
                      OR (\(type("$.release")) = 'VARCHAR' AND regexp_full_match(\(text("$.release")), \(release))))
                    AND \(type("$.event")) = 'VARCHAR' AND \(text("$.event")) = 'response'
                    AND \(type("$.time")) = 'VARCHAR' AND regexp_full_match(\(text("$.time")), \(time))
                    AND TRY_CAST(substr(\(text("$.time")), 1, 10) AS DATE) IS NOT NULL
                    AND \(type("$.source")) = 'VARCHAR'
                    AND \(type("$.screen")) IN ('NULL', 'VARCHAR')
                    AND \(type("$.client")) = 'VARCHAR' AND regexp_full_match(\(text("$.client")), \(client))
                    AND \(text("$.client")) NOT IN ('0', '00', '000', '0000')
                    AND \(whole("line", "$.served")) AND \(number("$.served")) BETWEEN 0 AND 9999
                    AND \(whole("line", "$.status")) AND \(number("$.status")) BETWEEN 100 AND 599
                    AND \(optionalString("$.locale")) AND \(optionalString("$.unit")) AND \(optionalString("$.object"))
                    AND \(stringMap("$.experiments")) AND \(stringMap("$.forced"))
                    AND (coalesce(\(type("$.fallbacks")), 'NULL') = 'NULL' OR (\(type("$.fallbacks")) = 'ARRAY'
                      AND coalesce(list_bool_and([
                        json_type(fallback) = 'OBJECT' AND json_type(fallback, '$.element') = 'VARCHAR'
                        AND \(whole("fallback", "$.count"))
                        AND TRY_CAST(json_extract_string(fallback, '$.count') AS DOUBLE) BETWEEN 1 AND \(counts)
                        FOR fallback IN json_extract(line, '$.fallbacks[*]')]), true)))
                """
        case .athena:
            return """
                length(line) <= \(maximum) AND NOT regexp_like(line, '[^\\x01-\\x7F]')
                    AND \(integer("$.format")) BETWEEN \(formats) AND \(text("$.event")) = 'response'
                    AND (\(integer("$.format")) = 1 OR regexp_like(coalesce(\(text("$.release")), ''), \(release)))
                    AND regexp_like(coalesce(\(text("$.time")), ''), \(time))
                    AND regexp_like(coalesce(\(text("$.client")), ''), \(client))
                    AND \(text("$.client")) NOT IN ('0', '00', '000', '0000')
                    AND \(integer("$.served")) BETWEEN 0 AND 9999 AND \(integer("$.status")) BETWEEN 100 AND 599
                """
        case .bigquery:
            return """
                LENGTH(line) <= \(maximum) AND NOT REGEXP_CONTAINS(line, r'[^\\x01-\\x7F]')
                    AND \(integer("$.format")) BETWEEN \(formats) AND \(text("$.event")) = 'response'
                    AND (\(integer("$.format")) = 1 OR REGEXP_CONTAINS(COALESCE(\(text("$.release")), ''), r\(release)))
                    AND REGEXP_CONTAINS(COALESCE(\(text("$.time")), ''), r\(time))
                    AND REGEXP_CONTAINS(COALESCE(\(text("$.client")), ''), r\(client))
                    AND \(text("$.client")) NOT IN ('0', '00', '000', '0000')
                    AND \(integer("$.served")) BETWEEN 0 AND 9999 AND \(integer("$.status")) BETWEEN 100 AND 599
                """
        }
    }
}
