-- ScreenKit counts query, format 1: responses and render failures per release and screen.
-- Engine: BigQuery. Reads the table screenkit_logs, one string column `line` per log line.
-- Save the result as CSV with its header row, then: screenkit rollout status --counts FILE --bucket URL
WITH log_lines AS (
  SELECT
    JSON_VALUE(line, '$.event') AS event,
    JSON_VALUE(line, '$.release') AS release,
    JSON_VALUE(line, '$.screen') AS screen,
    SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) AS status,
    SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) AS format,
    JSON_QUERY(line, '$.fallbacks') AS fallbacks,
    JSON_VALUE(line, '$.params.reason') AS reason,
    JSON_VALUE(line, '$.params.release') AS failure_release,
    SAFE_CAST(JSON_VALUE(line, '$.contract') AS INT64) AS contract,
    CASE WHEN JSON_VALUE(line, '$.event') = 'response' THEN LENGTH(line) <= 8192 AND NOT REGEXP_CONTAINS(line, r'[^\x01-\x7F]')
    AND SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) BETWEEN 1 AND 2 AND JSON_VALUE(line, '$.event') = 'response'
    AND (SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) = 1 OR REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.release'), ''), r'^[a-z0-9][a-z0-9._-]{0,63}$'))
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.time'), ''), r'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.client'), ''), r'^(none|malformed|[0-9]{1,4})$')
    AND JSON_VALUE(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND SAFE_CAST(JSON_VALUE(line, '$.served') AS INT64) BETWEEN 0 AND 9999 AND SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) BETWEEN 100 AND 599 END AS valid_record
  FROM screenkit_logs
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
  WHERE event = 'render_failed' AND reason IN ('decode', 'unknown_component', 'unknown_action', 'missing_prop', 'bad_value', 'image_failed', 'other') AND REGEXP_CONTAINS(COALESCE(failure_release, ''), r'^[a-z0-9][a-z0-9._-]{0,63}$')
    AND screen IS NOT NULL AND contract BETWEEN 1 AND 9999
  GROUP BY failure_release, screen
)
SELECT COALESCE(r.release, f.release) AS release, COALESCE(r.screen, f.screen) AS screen,
  COALESCE(r.responses, 0) AS responses, COALESCE(r.server_errors, 0) AS server_errors,
  COALESCE(r.client_errors, 0) AS client_errors, COALESCE(r.shown, 0) AS shown,
  COALESCE(r.with_fallback, 0) AS with_fallback, COALESCE(f.render_failures, 0) AS render_failures
FROM responses r FULL OUTER JOIN failures f ON r.release = f.release AND r.screen = f.screen
ORDER BY release, screen;
