extension CountsQuery {
    /// The columns of an experiment's counts file.
    public static let experimentColumns = [
        "arm", "units", "converted", "lines", "lines_without_unit", "exposure_lines", "goal_lines", "crossed_units",
    ]

    /// The columns of a health counts file.
    public static let healthColumns = ["screen", "client", "served", "status", "fallbacks", "responses"]

    /// The query counting what ``ExportReader`` counts for `experiment` and `goal`: one row per arm
    /// exposed (units exposed to it alone, those that converted at or after their first exposure),
    /// in the order of their first exposure, then a row without an arm; every row carries the
    /// totals (lines, lines without a unit, exposure lines, goal lines, units in several arms).
    public func experiment(_ experiment: String, goal: String, exposureEvent: String = "exposure")
        throws(Refused) -> String
    {
        let name = try Self.checked(experiment, "experiment")
        let goal = try Self.checked(goal, "goal event")
        let exposure = try Self.checked(exposureEvent, "exposure event")
        let named = text("$.experiment")
        let command = "screenkit experiment report --counts FILE --experiment \(name) --goal \(goal)"
        return header("units and conversions per arm of \(name), goal \(goal)", then: command) + """
            WITH log_lines AS (
              SELECT
                \(text("$.event")) AS event,
                \(text("$.unit")) AS unit,
                \(time("$.time")) AS logged_at,
                \(integer("$.status")) AS status,
                CASE WHEN \(text("$.event")) = 'response' THEN \(validRecord) END AS valid_record,
                CASE WHEN \(named) IS NOT NULL
                  THEN CASE WHEN \(named) = '\(name)' THEN \(text("$.arm")) END
                  ELSE \(text(member("$.experiments", name)))
                END AS arm
              FROM \(relation)
            ),
            considered AS (
              SELECT * FROM log_lines
              WHERE event = '\(exposure)' OR event = '\(goal)'
                OR (event = 'response' AND valid_record AND status IN (200, 304))
            ),
            exposures AS (
              SELECT unit, logged_at, arm FROM considered
              WHERE unit IS NOT NULL AND arm IS NOT NULL
                AND (event = '\(exposure)' OR (event = 'response' AND status IN (200, 304)))
            ),
            units AS (
              SELECT unit, MIN(logged_at) AS first_exposure, MIN(arm) AS arm, COUNT(DISTINCT arm) > 1 AS crossed
              FROM exposures GROUP BY unit
            ),
            goals AS (
              SELECT unit, MAX(logged_at) AS last_goal FROM considered
              WHERE event = '\(goal)' AND unit IS NOT NULL GROUP BY unit
            ),
            arms AS (
              SELECT u.arm, COUNT(*) AS units,
                COUNT(CASE WHEN g.last_goal >= u.first_exposure THEN 1 END) AS converted
              FROM units u LEFT JOIN goals g ON g.unit = u.unit
              WHERE NOT u.crossed GROUP BY u.arm
            ),
            seen AS (SELECT arm, MIN(logged_at) AS first_seen FROM exposures GROUP BY arm),
            totals AS (
              SELECT
                (SELECT COUNT(*) FROM log_lines) AS lines,
                (SELECT COUNT(*) FROM considered
                  WHERE unit IS NULL AND NOT (event = 'response' AND arm IS NULL)) AS lines_without_unit,
                (SELECT COUNT(*) FROM exposures) AS exposure_lines,
                (SELECT COUNT(*) FROM considered WHERE event = '\(goal)' AND unit IS NOT NULL) AS goal_lines,
                (SELECT COUNT(*) FROM units WHERE crossed) AS crossed_units
            )
            SELECT arm, units, converted, lines, lines_without_unit, exposure_lines, goal_lines, crossed_units
            FROM (
              SELECT s.arm, COALESCE(a.units, 0) AS units, COALESCE(a.converted, 0) AS converted, t.*,
                0 AS position, s.first_seen
              FROM seen s LEFT JOIN arms a ON a.arm = s.arm CROSS JOIN totals t
              UNION ALL
              SELECT NULL, 0, 0, t.*, 1, NULL FROM totals t
            ) counted
            ORDER BY position, first_seen, arm;

            """
    }

    /// The query counting responses as `screenkit health` counts them: one row per screen,
    /// declared client version, version served, status and fallbacks (the JSON of the record's
    /// `fallbacks`, only for a 200 or 304), with the number of responses.
    public func health() -> String {
        let command = "screenkit health --counts FILE"
        return header("responses by screen, client, version served, status and fallbacks", then: command) + """
            SELECT screen, client, served, status, fallbacks, COUNT(*) AS responses
            FROM (
              SELECT
                \(text("$.screen")) AS screen,
                \(text("$.client")) AS client,
                \(integer("$.served")) AS served,
                \(integer("$.status")) AS status,
                CASE WHEN \(integer("$.status")) IN (200, 304) THEN \(json("$.fallbacks")) END AS fallbacks
              FROM \(relation)
              WHERE \(validRecord)
            ) records
            GROUP BY screen, client, served, status, fallbacks
            ORDER BY screen, client, served, status, fallbacks;

            """
    }
}
