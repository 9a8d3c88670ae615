-- Premium dues (issue 27, decision 038), the rules the database keeps. They are the contract's
-- premium-schedule.ts in SQL, for the writers that never pass through it (the import, the backfill below);
-- premium-schedule.test.ts and premium-dues.test.ts hold the two together.
--
-- A premium mode as one of the contract's PREMIUM_MODES; text it cannot read is Yearly (premiumModeOf).
CREATE FUNCTION "premium_mode_of"(mode text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE regexp_replace(regexp_replace(lower(coalesce(mode, '')), '\(.*\)', '', 'g'), '[^a-z]', '', 'g')
    WHEN 'halfyearly' THEN 'Half-yearly' WHEN 'hly' THEN 'Half-yearly' WHEN 'semiannual' THEN 'Half-yearly'
    WHEN 'semiannually' THEN 'Half-yearly'
    WHEN 'quarterly' THEN 'Quarterly' WHEN 'qly' THEN 'Quarterly' WHEN 'qtly' THEN 'Quarterly'
    WHEN 'monthly' THEN 'Monthly' WHEN 'mly' THEN 'Monthly' WHEN 'ecs' THEN 'Monthly' WHEN 'nach' THEN 'Monthly'
    WHEN 'single' THEN 'Single premium' WHEN 'singlepremium' THEN 'Single premium' WHEN 'sp' THEN 'Single premium'
    WHEN 'onetime' THEN 'Single premium'
    ELSE 'Yearly' END
$$;
--> statement-breakpoint
-- Money per year (decisions §4): a premium times its instalments a year; a single premium counts 0 (annualise).
CREATE FUNCTION "annual_premium"(amount numeric, mode text) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT amount * CASE mode WHEN 'Half-yearly' THEN 2 WHEN 'Quarterly' THEN 4 WHEN 'Monthly' THEN 12
                            WHEN 'Single premium' THEN 0 ELSE 1 END
$$;
--> statement-breakpoint
-- A whole number of years (or a day of the month) from 1 to 999 in a subtype field, else null.
CREATE FUNCTION "premium_whole"(v text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN v ~ '^\s*\d{1,3}\s*$' AND trim(v)::int > 0 THEN trim(v)::int END
$$;
--> statement-breakpoint
-- Instalment `idx` of a schedule whose instalment 0 falls in `first`'s month: `step * idx` months on, on `day`
-- clamped to that month's end (31 Jan + 1 month = 28/29 Feb; + 2 months = 31 Mar).
CREATE FUNCTION "premium_due_at"(first date, day integer, step integer, idx integer) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT m + (least(day, extract(day FROM (m + interval '1 month' - interval '1 day'))::int) - 1)
    FROM (SELECT (date_trunc('month', first) + make_interval(months => step * idx))::date AS m) x
$$;
--> statement-breakpoint
-- A plan's mode, premium-paying term and the next due date of a plan recorded without payments (scheduleOf and
-- initialNextDue): instalments due before `today` are taken as paid; a renewing cover is due at its end date.
CREATE FUNCTION "premium_fields"(category text, code text, start_date date, end_date date, f jsonb, today date,
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
    mode := CASE WHEN code = 'life' THEN premium_mode_of(f->>'mode') ELSE 'Yearly' END;
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
--> statement-breakpoint
-- Every writer of a plan (the API, the import, a script) gets the mode and term from the plan's own fields; the
-- next due date is written on insert (unless given) and again only when what the schedule is made of changes, so
-- "Mark premium paid" (which moves it) is never undone by an edit of anything else.
CREATE FUNCTION "premium_schedule_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  IF TG_OP = 'UPDATE'
     AND (NEW."start_date", NEW."end_date", NEW."service_id", NEW."subtype_fields"->'mode', NEW."subtype_fields"->'ppt',
          NEW."subtype_fields"->'term', NEW."subtype_fields"->'scheme_name', NEW."subtype_fields"->'investment_mode',
          NEW."subtype_fields"->'sip_day')
         IS NOT DISTINCT FROM
         (OLD."start_date", OLD."end_date", OLD."service_id", OLD."subtype_fields"->'mode', OLD."subtype_fields"->'ppt',
          OLD."subtype_fields"->'term', OLD."subtype_fields"->'scheme_name', OLD."subtype_fields"->'investment_mode',
          OLD."subtype_fields"->'sip_day') THEN
    -- Nothing the schedule is made of changed: the mode, the term and a next due date a payment moved stay.
    RETURN NEW;
  END IF;
  p := premium_fields(TG_ARGV[0], (SELECT s."code" FROM "services" s WHERE s."id" = NEW."service_id"),
                      NEW."start_date", NEW."end_date", NEW."subtype_fields",
                      ((now() AT TIME ZONE 'UTC') + interval '330 minutes')::date);
  NEW."premium_mode" := p.mode;
  NEW."premium_term_years" := p.term_years;
  IF TG_OP = 'UPDATE' OR NEW."next_due_date" IS NULL THEN
    NEW."next_due_date" := p.next_due;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_premium_schedule" BEFORE INSERT OR UPDATE ON "insurance_policies"
  FOR EACH ROW EXECUTE FUNCTION "premium_schedule_fields"('insurance');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_premium_schedule" BEFORE INSERT OR UPDATE ON "investment_accounts"
  FOR EACH ROW EXECUTE FUNCTION "premium_schedule_fields"('investment');
--> statement-breakpoint
-- The workspace home's kept totals (migrations 0012, 0028) sum a policy's premium per year: the money column
-- annualised by the mode column when a third argument names one. Investments keep their amount invested.
CREATE OR REPLACE FUNCTION "total_agency_plans"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sides text[] := ARRAY[]::text[];
  money text := CASE WHEN TG_NARGS > 2 THEN format('annual_premium(r.%I, r.%I)', TG_ARGV[1], TG_ARGV[2])
                     ELSE format('r.%I', TG_ARGV[1]) END;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "primary_clients" c
      WHERE c."id" = ANY (ARRAY(SELECT DISTINCT "primary_client_id" FROM "new_rows")) FOR SHARE OF c;
    sides := sides || format(
      'SELECT r."agency_id", coalesce(r."end_date", ''infinity''::date) AS "end_date", r."service_id", r."provider_id",
              1 AS n, coalesce(%s, 0) AS a
         FROM "new_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active''', money);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    sides := sides || format(
      'SELECT r."agency_id", coalesce(r."end_date", ''infinity''::date) AS "end_date", r."service_id", r."provider_id",
              -1 AS n, -coalesce(%s, 0) AS a
         FROM "old_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active''', money);
  END IF;
  EXECUTE format(
    'INSERT INTO "agency_plan_totals" AS t ("agency_id", "end_date", "kind", "service_id", "provider_id", "plans", "amount")
       SELECT "agency_id", "end_date", %L, "service_id", "provider_id", sum(n), sum(a)
         FROM (%s) d
        GROUP BY "agency_id", "end_date", "service_id", "provider_id"
       HAVING sum(n) <> 0 OR sum(a) <> 0
     ON CONFLICT ("agency_id", "end_date", "kind", "service_id", "provider_id")
     DO UPDATE SET "plans" = t."plans" + excluded."plans", "amount" = t."amount" + excluded."amount"',
    TG_ARGV[0], array_to_string(sides, ' UNION ALL '));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "insurance_policies_total_insert" ON "insurance_policies";
--> statement-breakpoint
DROP TRIGGER "insurance_policies_total_update" ON "insurance_policies";
--> statement-breakpoint
DROP TRIGGER "insurance_policies_total_delete" ON "insurance_policies";
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_insert" AFTER INSERT ON "insurance_policies"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount', 'premium_mode');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_update" AFTER UPDATE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount', 'premium_mode');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_delete" AFTER DELETE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount', 'premium_mode');
--> statement-breakpoint
-- The backfill: every plan's mode, term and next due date from its own fields, as of the day this runs (premiums
-- due before it are taken as paid, decision 038). The old rows carry the columns' default mode (Yearly), the sum the
-- kept totals hold today, so the update's own totals trigger moves each total to the premium per year.
UPDATE "insurance_policies" p SET ("premium_mode", "premium_term_years", "next_due_date") =
    (SELECT f.mode, f.term_years, f.next_due FROM premium_fields('insurance', s."code", p."start_date", p."end_date",
       p."subtype_fields", ((now() AT TIME ZONE 'UTC') + interval '330 minutes')::date) f)
  FROM "services" s WHERE s."id" = p."service_id";
--> statement-breakpoint
UPDATE "investment_accounts" p SET ("premium_mode", "premium_term_years", "next_due_date") =
    (SELECT f.mode, f.term_years, f.next_due FROM premium_fields('investment', s."code", p."start_date", p."end_date",
       p."subtype_fields", ((now() AT TIME ZONE 'UTC') + interval '330 minutes')::date) f)
  FROM "services" s WHERE s."id" = p."service_id";
--> statement-breakpoint
ALTER TABLE "premium_payments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "premium_payments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "premium_payments"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
-- An agent sees and records the payments of their own clients' plans only (decision 031, as migration 0026).
CREATE POLICY "agent_assignment" ON "premium_payments" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
-- The client area's plan details show the payments (kept answers, migration 0013): their writes are announced.
CREATE TRIGGER "premium_payments_client_area_insert" AFTER INSERT ON "premium_payments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "premium_payments_client_area_update" AFTER UPDATE ON "premium_payments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "premium_payments_client_area_delete" AFTER DELETE ON "premium_payments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "premium_payments_client_area_truncate" AFTER TRUNCATE ON "premium_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
