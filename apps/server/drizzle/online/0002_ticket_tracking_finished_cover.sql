-- The dashboard reads the attendance cycles finished in a period (counts, average support and
-- wait times, ratings, per attendant) from this index alone: no heap visit per cycle.
-- (ticket_tracking_company_id_finished_at_index, a prefix of it, is retired by 0016.)
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ticket_tracking_finished_cover" ON "ticket_tracking" USING btree ("company_id", "finished_at") INCLUDE ("user_id", "queued_at", "started_at", "rating");
