ALTER TABLE "contacts" DROP CONSTRAINT "contacts_companyId_number_unique";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "visitor_connection_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_visitor_connection_id_connections_id_fk" FOREIGN KEY ("visitor_connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Web-chat visitors used to carry their internal id ('wc-…') as their number: the id moves to
-- visitor_id, the number becomes empty, and the visitor is bound to the connection they wrote from.
UPDATE "contacts" SET "visitor_id" = "number", "number" = '' WHERE "number" LIKE 'wc-%' AND "channel_type" = 'WEB_CHAT';--> statement-breakpoint
UPDATE "contacts" SET "visitor_connection_id" = (
  SELECT "t"."connection_id" FROM "tickets" "t"
  WHERE "t"."contact_id" = "contacts"."id"
  ORDER BY "t"."id" LIMIT 1
) WHERE "visitor_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_id_number_key" ON "contacts" USING btree ("company_id","number") WHERE "contacts"."number" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_company_id_visitor_id_key" ON "contacts" USING btree ("company_id","visitor_id");