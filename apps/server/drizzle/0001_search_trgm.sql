-- Trigram indexes: ticket search matches contact names and message text with ILIKE '%term%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm" ON "messages" USING gin ("body" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm" ON "contacts" USING gin ("name" gin_trgm_ops);
