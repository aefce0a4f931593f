ALTER TABLE "schedules" ADD COLUMN "job_id" text;--> statement-breakpoint
CREATE INDEX "messages_file_id" ON "messages" USING btree ("file_id") WHERE file_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "quick_messages_owner_shortcode" ON "quick_messages" USING btree ("company_id","user_id",lower("shortcode"));