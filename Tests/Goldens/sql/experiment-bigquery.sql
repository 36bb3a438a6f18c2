-- ScreenKit counts query, format 1: units and conversions per arm of promo-order, goal add_to_cart_tapped.
-- Engine: BigQuery. Reads the table screenkit_logs, one string column `line` per log line.
-- Save the result as CSV with its header row, then: screenkit experiment report --counts FILE --experiment promo-order --goal add_to_cart_tapped
WITH log_lines AS (
  SELECT
    JSON_VALUE(line, '$.event') AS event,
    JSON_VALUE(line, '$.unit') AS unit,
    SAFE_CAST(JSON_VALUE(line, '$.time') AS TIMESTAMP) AS logged_at,
    SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) AS status,
    CASE WHEN JSON_VALUE(line, '$.event') = 'response' THEN LENGTH(line) <= 8192 AND NOT REGEXP_CONTAINS(line, r'[^\x01-\x7F]')
    AND SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) BETWEEN 1 AND 2 AND JSON_VALUE(line, '$.event') = 'response'
    AND (SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) = 1 OR REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.release'), ''), r'^[a-z0-9][a-z0-9._-]{0,63}$'))
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.time'), ''), r'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.client'), ''), r'^(none|malformed|[0-9]{1,4})$')
    AND JSON_VALUE(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND SAFE_CAST(JSON_VALUE(line, '$.served') AS INT64) BETWEEN 0 AND 9999 AND SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) BETWEEN 100 AND 599 END AS valid_record,
    CASE WHEN JSON_VALUE(line, '$.experiment') IS NOT NULL
      THEN CASE WHEN JSON_VALUE(line, '$.experiment') = 'promo-order' THEN JSON_VALUE(line, '$.arm') END
      ELSE JSON_VALUE(line, '$.experiments."promo-order"')
    END AS arm
  FROM screenkit_logs
),
considered AS (
  SELECT * FROM log_lines
  WHERE event = 'exposure' OR event = 'add_to_cart_tapped'
    OR (event = 'response' AND valid_record AND status IN (200, 304))
),
exposures AS (
  SELECT unit, logged_at, arm FROM considered
  WHERE unit IS NOT NULL AND arm IS NOT NULL
    AND (event = 'exposure' OR (event = 'response' AND status IN (200, 304)))
),
units AS (
  SELECT unit, MIN(logged_at) AS first_exposure, MIN(arm) AS arm, COUNT(DISTINCT arm) > 1 AS crossed
  FROM exposures GROUP BY unit
),
goals AS (
  SELECT unit, MAX(logged_at) AS last_goal FROM considered
  WHERE event = 'add_to_cart_tapped' AND unit IS NOT NULL GROUP BY unit
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
    (SELECT COUNT(*) FROM considered WHERE event = 'add_to_cart_tapped' AND unit IS NOT NULL) AS goal_lines,
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
