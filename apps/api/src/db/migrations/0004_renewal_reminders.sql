CREATE TYPE "public"."reminder_send_status" AS ENUM('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."renewal_event_kind" AS ENUM('contacted', 'renewed', 'lapsed');--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message_id" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"kind" text NOT NULL,
	"plan_type" "service_category",
	"plan_id" uuid,
	"primary_client_id" uuid,
	"offset_days" smallint,
	"end_date" date,
	"recipient" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" "reminder_send_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"plan_type" "service_category" NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" "renewal_event_kind" NOT NULL,
	"note" text,
	"previous_end_date" date,
	"new_end_date" date,
	"document_id" uuid,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_sends" ADD CONSTRAINT "reminder_sends_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_uq" ON "mail_outbox" USING btree ("agency_id","message_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_agency_created_idx" ON "mail_outbox" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_sends_key_uq" ON "reminder_sends" USING btree ("agency_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "reminder_sends_plan_idx" ON "reminder_sends" USING btree ("agency_id","plan_id");--> statement-breakpoint
CREATE INDEX "reminder_sends_due_idx" ON "reminder_sends" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "renewal_events_plan_idx" ON "renewal_events" USING btree ("agency_id","plan_id","at");