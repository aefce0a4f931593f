-- A tab filtered to some queues (tickets.list.ts): as tickets_tab_status, queue first.
-- Replaces tickets_company_id_queue_id_status_updated_at_index (retired by 0013).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tickets_tab_queue" ON "tickets" USING btree ("company_id", "queue_id", "status", "updated_at", "id") INCLUDE ("user_id");
