-- A user's own tickets in a tab (tickets.list.ts): as tickets_tab_status, user first.
-- Replaces tickets_company_id_user_id_status_updated_at_index (retired by 0014).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tickets_tab_user" ON "tickets" USING btree ("company_id", "user_id", "status", "updated_at", "id") INCLUDE ("queue_id");
