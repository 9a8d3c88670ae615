ALTER TABLE "renewal_events" ADD COLUMN "previous_premium" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "new_premium" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "previous_policy_number" text;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "new_policy_number" text;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "previous_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD COLUMN "new_provider_id" uuid;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_previous_provider_id_providers_id_fk" FOREIGN KEY ("previous_provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_events" ADD CONSTRAINT "renewal_events_new_provider_id_providers_id_fk" FOREIGN KEY ("new_provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 041: health, motor, travel and home may carry their own premium mode (subtype_fields.mode), read as
-- life's is (planPremiumMode); without one they stay Yearly. It sets the premium per year (the kept totals read
-- premium_mode); a renewing cover's next due date stays its end date. No stored plan of those kinds has a mode
-- yet, so nothing is backfilled. premiums.test.ts holds this and the contract together.
CREATE OR REPLACE FUNCTION "premium_fields"(category text, code text, start_date date, end_date date, f jsonb, today date,
    OUT mode text, OUT term_years smallint, OUT next_due date) LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  per integer;
  step integer;
  first date;
  day integer;
  total integer;
  last_day date;
  payable integer := 1;
  idx integer;
  due date;
BEGIN
  IF category = 'insurance' THEN
    mode := premium_mode_of(f->>'mode');
  ELSIF code = 'postoffice'
        AND regexp_replace(lower(coalesce(f->>'scheme_name', '')), '[^a-z]', '', 'g')
            IN ('rd', 'recurringdeposit', 'recurringdepositrd') THEN
    mode := 'Monthly';
  ELSIF code = 'mutual_funds' AND f->>'investment_mode' = 'sip' AND premium_whole(f->>'sip_day') IS NOT NULL THEN
    mode := 'Monthly';
  ELSE
    mode := 'Single premium';
  END IF;
  IF category = 'insurance' AND code IS DISTINCT FROM 'life' THEN
    next_due := end_date;
    RETURN;
  END IF;
  IF mode = 'Single premium' OR start_date IS NULL THEN
    RETURN;
  END IF;
  per := CASE mode WHEN 'Half-yearly' THEN 2 WHEN 'Quarterly' THEN 4 WHEN 'Monthly' THEN 12 ELSE 1 END;
  step := 12 / per;
  IF category = 'insurance' THEN
    term_years := coalesce(premium_whole(f->>'ppt'), premium_whole(f->>'term'));
    total := term_years * per;
    first := start_date;
    day := extract(day FROM start_date)::int;
  ELSIF code = 'postoffice' THEN
    term_years := premium_whole(f->>'term');
    total := term_years * 12;
    first := start_date;
    day := extract(day FROM start_date)::int;
  ELSE
    day := premium_whole(f->>'sip_day');
    payable := 0;
    last_day := end_date;
    first := premium_due_at(start_date, day, 1, 0);
    IF first < start_date THEN
      first := premium_due_at(start_date, day, 1, 1);
    END IF;
  END IF;
  idx := greatest(payable, floor(((extract(year FROM today) - extract(year FROM first)) * 12
                                  + extract(month FROM today) - extract(month FROM first)) / step)::int);
  LOOP
    IF total IS NOT NULL AND idx >= total THEN
      RETURN;
    END IF;
    due := premium_due_at(first, day, step, idx);
    IF last_day IS NOT NULL AND due > last_day THEN
      RETURN;
    END IF;
    IF due >= today THEN
      next_due := due;
      RETURN;
    END IF;
    idx := idx + 1;
  END LOOP;
END $$;
