-- The FK's "set null" when a contact is deleted finds that contact's campaign recipients here
-- instead of reading every campaign's recipients (the reply lookups cover only some of them).
CREATE INDEX CONCURRENTLY IF NOT EXISTS "campaign_shipments_contact_id" ON "campaign_shipments" USING btree ("contact_id") WHERE contact_id is not null;
