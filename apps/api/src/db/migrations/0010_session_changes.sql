-- Every change that can end or alter a session is announced (issue 8, decision 015). The API keeps what a
-- signed-in call's access check reads (the user's token version, active flag, role, must-change flag, and for a
-- client their own record's id and portal access) in memory, and drops a user's entry when it hears their id on
-- the channel portal_sessions. The triggers fire for every writer: the API, a cascade, a psql session.
CREATE FUNCTION "portal_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('portal_sessions', OLD.id::text);
  ELSE
    IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('portal_sessions', OLD.user_id::text);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
      PERFORM pg_notify('portal_sessions', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.token_version, OLD.is_active, OLD.role, OLD.must_change_password, OLD.agency_id)
    IS DISTINCT FROM (NEW.token_version, NEW.is_active, NEW.role, NEW.must_change_password, NEW.agency_id))
  EXECUTE FUNCTION "portal_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_ended" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "portal_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "primary_clients_session_changed" AFTER UPDATE ON "primary_clients" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.agency_id, OLD.portal_access, OLD.deleted_at)
    IS DISTINCT FROM (NEW.user_id, NEW.agency_id, NEW.portal_access, NEW.deleted_at))
  EXECUTE FUNCTION "portal_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "primary_clients_session_linked" AFTER INSERT ON "primary_clients" FOR EACH ROW
  WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION "portal_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "primary_clients_session_unlinked" AFTER DELETE ON "primary_clients" FOR EACH ROW
  WHEN (OLD.user_id IS NOT NULL)
  EXECUTE FUNCTION "portal_session_changed"();
