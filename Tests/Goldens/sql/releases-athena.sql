-- ScreenKit counts query, format 1: responses and render failures per release and screen.
-- Engine: Athena (Trino/Presto). Reads the table screenkit_logs, one string column `line` per log line.
-- Save the result as CSV with its header row, then: screenkit rollout status --counts FILE --bucket URL
WITH log_lines AS (
  SELECT
    json_extract_scalar(line, '$.event') AS event,
    json_extract_scalar(line, '$.release') AS release,
    json_extract_scalar(line, '$.screen') AS screen,
    TRY_CAST(json_extract_scalar(line, '$.status') AS INTEGER) AS status,
    TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) AS format,
    json_format(json_extract(line, '$.fallbacks')) AS fallbacks,
    json_extract_scalar(line, '$.params.reason') AS reason,
    json_extract_scalar(line, '$.params.release') AS failure_release,
    TRY_CAST(json_extract_scalar(line, '$.contract') AS INTEGER) AS contract,
    CASE WHEN json_extract_scalar(line, '$.event') = 'response' THEN length(line) <= 8192 AND NOT regexp_like(line, '[^\x01-\x7F]')
    AND TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) BETWEEN 1 AND 2 AND json_extract_scalar(line, '$.event') = 'response'
    AND (TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) = 1 OR regexp_like(coalesce(json_extract_scalar(line, '$.release'), ''), '^[a-z0-9][a-z0-9._-]{0,63}$'))
    AND regexp_like(coalesce(json_extract_scalar(line, '$.time'), ''), '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND regexp_like(coalesce(json_extract_scalar(line, '$.client'), ''), '^(none|malformed|[0-9]{1,4})$')
    AND json_extract_scalar(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND TRY_CAST(json_extract_scalar(line, '$.served') AS INTEGER) BETWEEN 0 AND 9999 AND TRY_CAST(json_extract_scalar(line, '$.status') AS INTEGER) BETWEEN 100 AND 599 END AS valid_record
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
  WHERE event = 'render_failed' AND reason IN ('decode', 'unknown_component', 'unknown_action', 'missing_prop', 'bad_value', 'image_failed', 'other') AND regexp_like(coalesce(failure_release, ''), '^[a-z0-9][a-z0-9._-]{0,63}$')
    AND screen IS NOT NULL AND contract BETWEEN 1 AND 9999
  GROUP BY failure_release, screen
)
SELECT COALESCE(r.release, f.release) AS release, COALESCE(r.screen, f.screen) AS screen,
  COALESCE(r.responses, 0) AS responses, COALESCE(r.server_errors, 0) AS server_errors,
  COALESCE(r.client_errors, 0) AS client_errors, COALESCE(r.shown, 0) AS shown,
  COALESCE(r.with_fallback, 0) AS with_fallback, COALESCE(f.render_failures, 0) AS render_failures
FROM responses r FULL OUTER JOIN failures f ON r.release = f.release AND r.screen = f.screen
ORDER BY release, screen;
