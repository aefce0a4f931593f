-- Tickets answering a campaign (tickets.campaign_id): the FK's "set null" when a campaign is
-- deleted finds them here instead of reading the whole tickets table.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "tickets_campaign_id" ON "tickets" USING btree ("campaign_id") WHERE campaign_id IS NOT NULL;
