CREATE TABLE "outbound_sends" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "degraded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "incident_reason" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "incident_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "send_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "send_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_sends" ADD CONSTRAINT "outbound_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_sends" ADD CONSTRAINT "outbound_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;