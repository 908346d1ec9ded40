-- What a restore must bring back exactly: for each table that holds money, deliveries or accounts, its
-- rows, its amount (for mails: how many were delivered) and a checksum of every row. Run it on the live
-- database and on the restored one, from the same machine; the two outputs must be identical
-- (docs/operations.md, "Check a restore"):
--   psql -X -A -d carabala -f deploy/restore-check.sql
-- The production smoke suite runs it on both sides of the restore it performs.
SELECT "table", count(*) AS "rows", sum(amount) AS amount, md5(string_agg("row", E'\n' ORDER BY "row")) AS checksum
  FROM (
    SELECT 'orders' AS "table", t.accumulated_amount AS amount, t::text AS "row" FROM orders t
    UNION ALL SELECT 'bank_events', t.amount, t::text FROM bank_events t
    UNION ALL SELECT 'refunds', t.amount, t::text FROM refunds t
    UNION ALL SELECT 'mails', (t.status = 'delivered')::int, t::text FROM mails t
    UNION ALL SELECT 'gift_code_claims', 0, t::text FROM gift_code_claims t
    UNION ALL SELECT 'approval_requests', 0, t::text FROM approval_requests t
    UNION ALL SELECT 'users', 0, t::text FROM users t
    UNION ALL SELECT 'audit_log', 0, t::text FROM audit_log t
    UNION ALL SELECT 'migrations', 0, t::text FROM drizzle.__drizzle_migrations t
  ) AS every_row
 GROUP BY "table"
 ORDER BY 1;
