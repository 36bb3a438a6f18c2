-- ScreenKit counts query, format 1: responses by screen, client, version served, status and fallbacks.
-- Engine: DuckDB. Reads the JSON Lines files *.jsonl.
-- Save the result as CSV with its header row, then: screenkit health --counts FILE
SELECT screen, client, served, status, fallbacks, COUNT(*) AS responses
FROM (
  SELECT
    json_extract_string(line, '$.screen') AS screen,
    json_extract_string(line, '$.client') AS client,
    TRY_CAST(json_extract_string(line, '$.served') AS INTEGER) AS served,
    TRY_CAST(json_extract_string(line, '$.status') AS INTEGER) AS status,
    CASE WHEN TRY_CAST(json_extract_string(line, '$.status') AS INTEGER) IN (200, 304) THEN CAST(json_extract(line, '$.fallbacks') AS VARCHAR) END AS fallbacks
  FROM (SELECT json AS line FROM read_json_objects('*.jsonl', format = 'newline_delimited', ignore_errors = true))
  WHERE json_extract_string(line, '$.event') = 'response' AND TRY_CAST(json_extract_string(line, '$.format') AS INTEGER) = 1
) records
GROUP BY screen, client, served, status, fallbacks
ORDER BY screen, client, served, status, fallbacks;
