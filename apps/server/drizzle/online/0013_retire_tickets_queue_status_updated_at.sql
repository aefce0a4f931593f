-- Replaced by tickets_tab_queue (0010).
DROP INDEX CONCURRENTLY IF EXISTS "tickets_company_id_queue_id_status_updated_at_index";
