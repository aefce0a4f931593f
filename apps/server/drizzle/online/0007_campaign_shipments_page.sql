-- A campaign's recipients in send order (the report's list, unfiltered): read in index order,
-- not sorted from all of a 100k-recipient campaign's rows for every page.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "campaign_shipments_campaign_id_id" ON "campaign_shipments" USING btree ("campaign_id","id");
