-- ScreenKit counts query, format 1: responses by screen, client, version served, status and fallbacks.
-- Engine: BigQuery. Reads the table screenkit_logs, one string column `line` per log line.
-- Save the result as CSV with its header row, then: screenkit health --counts FILE
SELECT screen, client, served, status, fallbacks, COUNT(*) AS responses
FROM (
  SELECT
    JSON_VALUE(line, '$.screen') AS screen,
    JSON_VALUE(line, '$.client') AS client,
    SAFE_CAST(JSON_VALUE(line, '$.served') AS INT64) AS served,
    SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) AS status,
    CASE WHEN SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) IN (200, 304) THEN JSON_QUERY(line, '$.fallbacks') END AS fallbacks
  FROM screenkit_logs
  WHERE JSON_VALUE(line, '$.event') = 'response' AND SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) = 1
) records
GROUP BY screen, client, served, status, fallbacks
ORDER BY screen, client, served, status, fallbacks;
