-- A prefix of ticket_tracking_finished_cover (0002).
DROP INDEX CONCURRENTLY IF EXISTS "ticket_tracking_company_id_finished_at_index";
