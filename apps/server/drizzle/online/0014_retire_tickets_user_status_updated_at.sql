-- Replaced by tickets_tab_user (0011).
DROP INDEX CONCURRENTLY IF EXISTS "tickets_company_id_user_id_status_updated_at_index";
