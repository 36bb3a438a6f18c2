-- ScreenKit counts query, format 1: responses and render failures per release and screen.
-- Engine: DuckDB. Reads the JSON Lines files *.jsonl.
-- Save the result as CSV with its header row, then: screenkit rollout status --counts FILE --bucket URL
WITH log_lines AS (
  SELECT
    json_extract_string(line, '$.event') AS event,
    json_extract_string(line, '$.release') AS release,
    json_extract_string(line, '$.screen') AS screen,
    TRY_CAST(json_extract_string(line, '$.status') AS INTEGER) AS status,
    TRY_CAST(json_extract_string(line, '$.format') AS INTEGER) AS format,
    CAST(json_extract(line, '$.fallbacks') AS VARCHAR) AS fallbacks,
    json_extract_string(line, '$.params.reason') AS reason,
    json_extract_string(line, '$.params.release') AS failure_release,
    TRY_CAST(json_extract_string(line, '$.contract') AS INTEGER) AS contract,
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
        FOR fallback IN json_extract(line, '$.fallbacks[*]')]), true))) END AS valid_record
  FROM (SELECT json AS line FROM read_json_objects('*.jsonl', format = 'newline_delimited', ignore_errors = true))
),
responses AS (
  SELECT release, COALESCE(screen, '(unknown)') AS screen, COUNT(*) AS responses,
    COUNT(CASE WHEN status >= 500 THEN 1 END) AS server_errors,
    COUNT(CASE WHEN status >= 400 AND status < 500 THEN 1 END) AS client_errors,
    COUNT(CASE WHEN status IN (200, 304) THEN 1 END) AS shown,
    COUNT(CASE WHEN status IN (200, 304) AND fallbacks IS NOT NULL AND fallbacks <> '[]' THEN 1 END)
      AS with_fallback
  FROM log_lines
  WHERE event = 'response' AND valid_record AND format = 2
  GROUP BY release, COALESCE(screen, '(unknown)')
),
failures AS (
  SELECT failure_release AS release, screen, COUNT(*) AS render_failures
  FROM log_lines
  WHERE event = 'render_failed' AND reason IN ('decode', 'unknown_component', 'unknown_action', 'missing_prop', 'bad_value', 'image_failed', 'other') AND regexp_full_match(coalesce(failure_release, ''), '^[a-z0-9][a-z0-9._-]{0,63}$')
    AND screen IS NOT NULL AND contract BETWEEN 1 AND 9999
  GROUP BY failure_release, screen
)
SELECT COALESCE(r.release, f.release) AS release, COALESCE(r.screen, f.screen) AS screen,
  COALESCE(r.responses, 0) AS responses, COALESCE(r.server_errors, 0) AS server_errors,
  COALESCE(r.client_errors, 0) AS client_errors, COALESCE(r.shown, 0) AS shown,
  COALESCE(r.with_fallback, 0) AS with_fallback, COALESCE(f.render_failures, 0) AS render_failures
FROM responses r FULL OUTER JOIN failures f ON r.release = f.release AND r.screen = f.screen
ORDER BY release, screen;
