-- A prefix of tickets_created_cover (0003): every ticket update paid for a second copy.
DROP INDEX CONCURRENTLY IF EXISTS "tickets_company_id_created_at_index";
