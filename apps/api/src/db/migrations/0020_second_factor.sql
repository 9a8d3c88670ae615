CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_codes_user_id_code_hash_pk" PRIMARY KEY("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret_enc" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whether the platform admin has its required second factor is part of the session check (decision 022):
-- turning it on or off is announced on portal_sessions like the other session columns (migration 0010).
DROP TRIGGER "users_session_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.token_version, OLD.is_active, OLD.role, OLD.must_change_password, OLD.agency_id, OLD.totp_enabled_at IS NULL)
    IS DISTINCT FROM (NEW.token_version, NEW.is_active, NEW.role, NEW.must_change_password, NEW.agency_id, NEW.totp_enabled_at IS NULL))
  EXECUTE FUNCTION "portal_session_changed"();
