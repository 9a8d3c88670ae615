CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"on" date NOT NULL,
	"note" text,
	"actor_user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"plan_type" "service_category" NOT NULL,
	"plan_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"secondary_client_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'intimated' NOT NULL,
	"intimated_on" date NOT NULL,
	"status_on" date NOT NULL,
	"insurer_claim_number" text,
	"claimed_amount" numeric(14, 2),
	"approved_amount" numeric(14, 2),
	"settled_amount" numeric(14, 2),
	"deducted_amount" numeric(14, 2),
	"deductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_secondary_client_id_secondary_clients_id_fk" FOREIGN KEY ("secondary_client_id") REFERENCES "public"."secondary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("agency_id","claim_id","at");--> statement-breakpoint
CREATE INDEX "claims_list_idx" ON "claims" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("agency_id","status","intimated_on");--> statement-breakpoint
CREATE INDEX "claims_plan_idx" ON "claims" USING btree ("agency_id","plan_id","created_at");--> statement-breakpoint
CREATE INDEX "claims_client_idx" ON "claims" USING btree ("agency_id","primary_client_id","intimated_on");