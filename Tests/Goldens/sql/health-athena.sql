-- ScreenKit counts query, format 1: responses by screen, client, version served, status and fallbacks.
-- Engine: Athena (Trino/Presto). Reads the table screenkit_logs, one string column `line` per log line.
-- Save the result as CSV with its header row, then: screenkit health --counts FILE
SELECT screen, client, served, status, fallbacks, COUNT(*) AS responses
FROM (
  SELECT
    json_extract_scalar(line, '$.screen') AS screen,
    json_extract_scalar(line, '$.client') AS client,
    TRY_CAST(json_extract_scalar(line, '$.served') AS INTEGER) AS served,
    TRY_CAST(json_extract_scalar(line, '$.status') AS INTEGER) AS status,
    CASE WHEN TRY_CAST(json_extract_scalar(line, '$.status') AS INTEGER) IN (200, 304) THEN json_format(json_extract(line, '$.fallbacks')) END AS fallbacks
  FROM screenkit_logs
  WHERE length(line) <= 8192 AND NOT regexp_like(line, '[^\x01-\x7F]')
    AND TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) BETWEEN 1 AND 2 AND json_extract_scalar(line, '$.event') = 'response'
    AND (TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) = 1 OR regexp_like(coalesce(json_extract_scalar(line, '$.release'), ''), '^[a-z0-9][a-z0-9._-]{0,63}$'))
    AND regexp_like(coalesce(json_extract_scalar(line, '$.time'), ''), '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND regexp_like(coalesce(json_extract_scalar(line, '$.client'), ''), '^(none|malformed|[0-9]{1,4})$')
    AND json_extract_scalar(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND TRY_CAST(json_extract_scalar(line, '$.served') AS INTEGER) BETWEEN 0 AND 9999 AND TRY_CAST(json_extract_scalar(line, '$.status') AS INTEGER) BETWEEN 100 AND 599
) records
GROUP BY screen, client, served, status, fallbacks
ORDER BY screen, client, served, status, fallbacks;
