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
  WHERE LENGTH(line) <= 8192 AND NOT REGEXP_CONTAINS(line, r'[^\x01-\x7F]')
    AND SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) BETWEEN 1 AND 2 AND JSON_VALUE(line, '$.event') = 'response'
    AND (SAFE_CAST(JSON_VALUE(line, '$.format') AS INT64) = 1 OR REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.release'), ''), r'^[a-z0-9][a-z0-9._-]{0,63}$'))
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.time'), ''), r'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$')
    AND REGEXP_CONTAINS(COALESCE(JSON_VALUE(line, '$.client'), ''), r'^(none|malformed|[0-9]{1,4})$')
    AND JSON_VALUE(line, '$.client') NOT IN ('0', '00', '000', '0000')
    AND SAFE_CAST(JSON_VALUE(line, '$.served') AS INT64) BETWEEN 0 AND 9999 AND SAFE_CAST(JSON_VALUE(line, '$.status') AS INT64) BETWEEN 100 AND 599
) records
GROUP BY screen, client, served, status, fallbacks
ORDER BY screen, client, served, status, fallbacks;
