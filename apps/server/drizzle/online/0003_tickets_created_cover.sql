-- The dashboard's leads (contacts with exactly one ticket created in the period) group the
-- period's tickets by contact from this index alone.
-- (tickets_company_id_created_at_index, a prefix of it, is retired by 0015.)
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tickets_created_cover" ON "tickets" USING btree ("company_id", "created_at") INCLUDE ("contact_id");
