CREATE TABLE "campaign_opt_outs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_opt_outs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"campaign_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_opt_outs_companyId_number_unique" UNIQUE("company_id","number")
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"message_interval_min" integer NOT NULL,
	"message_interval_max" integer NOT NULL,
	"longer_interval_after" integer NOT NULL,
	"greater_interval" integer NOT NULL,
	"allowed_hours_start" text NOT NULL,
	"allowed_hours_end" text NOT NULL,
	"allowed_days" jsonb NOT NULL,
	"opt_out_words" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"contact_id" integer,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message_id" integer,
	"ticket_id" integer,
	"body" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_shipments_campaignId_number_unique" UNIQUE("campaign_id","number")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PROGRAMADA' NOT NULL,
	"connection_id" integer,
	"contact_list_id" integer,
	"tag_id" integer,
	"messages" jsonb NOT NULL,
	"confirmation" boolean DEFAULT false NOT NULL,
	"confirmation_messages" jsonb NOT NULL,
	"confirmation_reply" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"user_id" integer,
	"job_id" text,
	"next_run_at" timestamp with time zone,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_list_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_list_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"contact_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"is_whatsapp_valid" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_list_items_contactListId_number_unique" UNIQUE("contact_list_id","number")
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contact_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "use_campaigns" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_opt_outs" ADD CONSTRAINT "campaign_opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_opt_outs" ADD CONSTRAINT "campaign_opt_outs_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipments" ADD CONSTRAINT "campaign_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipments" ADD CONSTRAINT "campaign_shipments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipments" ADD CONSTRAINT "campaign_shipments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipments" ADD CONSTRAINT "campaign_shipments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_shipments" ADD CONSTRAINT "campaign_shipments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD CONSTRAINT "contact_list_items_contact_list_id_contact_lists_id_fk" FOREIGN KEY ("contact_list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_lists" ADD CONSTRAINT "contact_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_shipments_campaign_id_status_id_index" ON "campaign_shipments" USING btree ("campaign_id","status","id");--> statement-breakpoint
CREATE INDEX "campaign_shipments_message_id" ON "campaign_shipments" USING btree ("message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "campaign_shipments_ticket_id" ON "campaign_shipments" USING btree ("ticket_id") WHERE ticket_id is not null;--> statement-breakpoint
CREATE INDEX "campaign_shipments_reply_lookup" ON "campaign_shipments" USING btree ("contact_id","sent_at") WHERE sent_at is not null and confirmed_at is null and opted_out_at is null;--> statement-breakpoint
CREATE INDEX "campaigns_company_id_created_at_index" ON "campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_index" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contact_list_items_contact_list_id_name_index" ON "contact_list_items" USING btree ("contact_list_id","name");--> statement-breakpoint
CREATE INDEX "contact_lists_company_id_name_index" ON "contact_lists" USING btree ("company_id","name");--> statement-breakpoint
-- NOT VALID: the column is new (null in every row), so there is nothing to check, and checking
-- would read the whole tickets table while this transaction holds it locked. New rows are checked.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action NOT VALID;