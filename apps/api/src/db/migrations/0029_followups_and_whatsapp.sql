CREATE TABLE "plan_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"plan_type" "service_category" NOT NULL,
	"plan_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"next_date" date NOT NULL,
	"note" text NOT NULL,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_losses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"plan_type" "service_category" NOT NULL,
	"plan_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reason_text" text,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"agency_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_templates_pk" PRIMARY KEY("agency_id","kind","language")
);
--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "plan_follow_ups" ADD CONSTRAINT "plan_follow_ups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_follow_ups" ADD CONSTRAINT "plan_follow_ups_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_follow_ups" ADD CONSTRAINT "plan_follow_ups_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_losses" ADD CONSTRAINT "plan_losses_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_losses" ADD CONSTRAINT "plan_losses_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_losses" ADD CONSTRAINT "plan_losses_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_follow_ups_plan_idx" ON "plan_follow_ups" USING btree ("agency_id","plan_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_losses_plan_key" ON "plan_losses" USING btree ("agency_id","plan_id");--> statement-breakpoint
CREATE INDEX "plan_losses_at_idx" ON "plan_losses" USING btree ("agency_id","at");