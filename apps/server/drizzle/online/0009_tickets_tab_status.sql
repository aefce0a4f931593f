-- A tab's page and count (tickets.list.ts): a company's tickets of one status, newest update
-- first, filtered by queue and user. With id in the key the order needs no sort, and with queue
-- and user in the index the filter is tested on the index entry: the page's ids and the count
-- are an index-only scan, no ticket row read for a ticket of another queue.
-- Replaces tickets_company_id_status_updated_at_index (retired by 0012).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tickets_tab_status" ON "tickets" USING btree ("company_id", "status", "updated_at", "id") INCLUDE ("queue_id", "user_id");
