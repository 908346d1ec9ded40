-- What a restore must bring back exactly: for each table that holds money, deliveries or accounts, its
-- rows, its amount and a checksum of every row. Run it on the live database and on the restored one,
-- from the same machine; the two outputs must be identical (docs/operations.md, "Check a restore"):
--   psql -X -A -d carabala -f deploy/restore-check.sql
-- The production smoke suite runs it on both sides of the restore it performs.
SELECT 'orders' AS "table", count(*) AS "rows", coalesce(sum(t.accumulated_amount), 0) AS amount,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS checksum
  FROM orders t
UNION ALL
SELECT 'bank_events', count(*), coalesce(sum(t.amount), 0),
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM bank_events t
UNION ALL
SELECT 'refunds', count(*), coalesce(sum(t.amount), 0),
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM refunds t
UNION ALL
SELECT 'mails', count(*), count(*) FILTER (WHERE t.status = 'delivered'),
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM mails t
UNION ALL
SELECT 'gift_code_claims', count(*), 0,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM gift_code_claims t
UNION ALL
SELECT 'approval_requests', count(*), 0,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM approval_requests t
UNION ALL
SELECT 'users', count(*), 0,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM users t
UNION ALL
SELECT 'audit_log', count(*), 0,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM audit_log t
UNION ALL
SELECT 'migrations', count(*), 0,
       md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), ''))
  FROM drizzle.__drizzle_migrations t
ORDER BY 1;
