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
  WHERE json_extract_scalar(line, '$.event') = 'response' AND TRY_CAST(json_extract_scalar(line, '$.format') AS INTEGER) = 1
) records
GROUP BY screen, client, served, status, fallbacks
ORDER BY screen, client, served, status, fallbacks;
