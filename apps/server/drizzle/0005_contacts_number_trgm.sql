-- Ticket search matches contact numbers with ILIKE '%digits%'.
CREATE INDEX IF NOT EXISTS "contacts_number_trgm" ON "contacts" USING gin ("number" gin_trgm_ops);
