-- ScreenKit counts query, format 1: units and conversions per arm of promo-order, goal add_to_cart_tapped.
-- Engine: DuckDB. Reads the JSON Lines files *.jsonl.
-- Save the result as CSV with its header row, then: screenkit experiment report --counts FILE --experiment promo-order --goal add_to_cart_tapped
WITH log_lines AS (
  SELECT
    json_extract_string(line, '$.event') AS event,
    json_extract_string(line, '$.unit') AS unit,
    TRY_CAST(json_extract_string(line, '$.time') AS TIMESTAMPTZ) AS logged_at,
    TRY_CAST(json_extract_string(line, '$.status') AS INTEGER) AS status,
    CASE WHEN json_extract_string(line, '$.event') = 'response' THEN length(CAST(line AS VARCHAR)) <= 8192
    AND NOT regexp_matches(CAST(line AS VARCHAR), '[^\x01-\x7F]')
    AND (json_type(line, '$.format') IN ('UBIGINT', 'BIGINT') OR (json_type(line, '$.format') = 'DOUBLE' AND TRY_CAST(json_extract_string(line, '$.format') AS DOUBLE) = floor(TRY_CAST(json_extract_string(line, '$.format') AS DOUBLE)) AND abs(TRY_CAST(json_extract_string(line, '$.format') AS DOUBLE)) < 9e15)) AND TRY_CAST(json_extract_string(line, '$.format') AS DOUBLE) BETWEEN 1 AND 2
    AND (TRY_CAST(json_extract_string(line, '$.format') AS DOUBLE) = 1
      OR (json_type(line, '$.release') = 'VARCHAR' AND regexp_full_match(json_extract_string(line, '$.release'), '^[a-z0-9][a-z0-9._-]{0,63}$')))
    AND json_type(line, '$.event') = 'VARCHAR' AND json_extract_string(line, '$.event') = 'response'
    AND json_type(line, '$.time') = 'VARCHAR' AND regexp_full_match(json_extract_string(line, '$.time'), '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND TRY_CAST(substr(json_extract_string(line, '$.time'), 1, 10) AS DATE) IS NOT NULL
    AND json_type(line, '$.source') = 'VARCHAR'
    AND json_type(line, '$.screen') IN ('NULL', 'VARCHAR')
    AND json_type(line, '$.client') = 'VARCHAR' AND regexp_full_match(json_extract_string(line, '$.client'), '^(none|malformed|[0-9]{1,4})$')
    AND json_extract_string(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND (json_type(line, '$.served') IN ('UBIGINT', 'BIGINT') OR (json_type(line, '$.served') = 'DOUBLE' AND TRY_CAST(json_extract_string(line, '$.served') AS DOUBLE) = floor(TRY_CAST(json_extract_string(line, '$.served') AS DOUBLE)) AND abs(TRY_CAST(json_extract_string(line, '$.served') AS DOUBLE)) < 9e15)) AND TRY_CAST(json_extract_string(line, '$.served') AS DOUBLE) BETWEEN 0 AND 9999
    AND (json_type(line, '$.status') IN ('UBIGINT', 'BIGINT') OR (json_type(line, '$.status') = 'DOUBLE' AND TRY_CAST(json_extract_string(line, '$.status') AS DOUBLE) = floor(TRY_CAST(json_extract_string(line, '$.status') AS DOUBLE)) AND abs(TRY_CAST(json_extract_string(line, '$.status') AS DOUBLE)) < 9e15)) AND TRY_CAST(json_extract_string(line, '$.status') AS DOUBLE) BETWEEN 100 AND 599
    AND coalesce(json_type(line, '$.locale'), 'NULL') IN ('NULL', 'VARCHAR') AND coalesce(json_type(line, '$.unit'), 'NULL') IN ('NULL', 'VARCHAR') AND coalesce(json_type(line, '$.object'), 'NULL') IN ('NULL', 'VARCHAR')
    AND (json_type(line, '$.experiments') IS NULL OR (json_type(line, '$.experiments') = 'OBJECT' AND coalesce(list_bool_and([json_type(value) = 'VARCHAR' FOR value IN json_extract(line, '$.experiments.*')]), true))) AND (json_type(line, '$.forced') IS NULL OR (json_type(line, '$.forced') = 'OBJECT' AND coalesce(list_bool_and([json_type(value) = 'VARCHAR' FOR value IN json_extract(line, '$.forced.*')]), true)))
    AND (coalesce(json_type(line, '$.fallbacks'), 'NULL') = 'NULL' OR (json_type(line, '$.fallbacks') = 'ARRAY'
      AND coalesce(list_bool_and([
        json_type(fallback) = 'OBJECT' AND json_type(fallback, '$.element') = 'VARCHAR'
        AND (json_type(fallback, '$.count') IN ('UBIGINT', 'BIGINT') OR (json_type(fallback, '$.count') = 'DOUBLE' AND TRY_CAST(json_extract_string(fallback, '$.count') AS DOUBLE) = floor(TRY_CAST(json_extract_string(fallback, '$.count') AS DOUBLE)) AND abs(TRY_CAST(json_extract_string(fallback, '$.count') AS DOUBLE)) < 9e15))
        AND TRY_CAST(json_extract_string(fallback, '$.count') AS DOUBLE) BETWEEN 1 AND 1048576
        FOR fallback IN json_extract(line, '$.fallbacks[*]')]), true))) END AS valid_record,
    CASE WHEN json_extract_string(line, '$.experiment') IS NOT NULL
      THEN CASE WHEN json_extract_string(line, '$.experiment') = 'promo-order' THEN json_extract_string(line, '$.arm') END
      ELSE json_extract_string(line, '$.experiments."promo-order"')
    END AS arm
  FROM (SELECT json AS line FROM read_json_objects('*.jsonl', format = 'newline_delimited', ignore_errors = true))
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
