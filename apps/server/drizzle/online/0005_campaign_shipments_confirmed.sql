-- Reply lookup (inbound) for confirmed recipients, still listening for an opt-out word
-- (campaign-replies.ts); the unconfirmed ones are on campaign_shipments_reply_lookup.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "campaign_shipments_confirmed_lookup" ON "campaign_shipments" USING btree ("contact_id","sent_at") WHERE sent_at is not null and confirmed_at is not null and opted_out_at is null;
