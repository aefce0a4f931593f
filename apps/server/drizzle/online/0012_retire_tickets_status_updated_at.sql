-- Replaced by tickets_tab_status (0009).
DROP INDEX CONCURRENTLY IF EXISTS "tickets_company_id_status_updated_at_index";
