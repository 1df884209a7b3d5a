-- Sessions are resolved from a cache in each server process (the auth module's session cache), so a
-- change to anything a session read returns must reach every process at once. These triggers announce
-- each such change on the channel session_cache when it commits: the payload is the user whose sessions
-- it touches, or '*' when it may touch anyone's (a role's permissions, a station's system flag). Every
-- process listens; the one that committed hears its own notice before its commit returns.
CREATE OR REPLACE FUNCTION session_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(coalesce(NEW, OLD));
BEGIN
  -- The authorization lock and failures are read with the session; login throttles are not.
  IF TG_TABLE_NAME = 'auth_throttle' AND changed ->> 'scope' <> 'authorization' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('session_cache', CASE WHEN TG_ARGV[0] = '*' THEN '*' ELSE changed ->> TG_ARGV[0] END);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Last seen (written once a minute per active session) is not announced: each process checks it itself.
CREATE TRIGGER sessions_cache_notify AFTER UPDATE OF revoked_at, role_id, user_id, expires_at OR DELETE
  ON sessions FOR EACH ROW EXECUTE FUNCTION session_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER users_cache_notify AFTER UPDATE OR DELETE
  ON users FOR EACH ROW EXECUTE FUNCTION session_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER user_roles_cache_notify AFTER INSERT OR UPDATE OR DELETE
  ON user_roles FOR EACH ROW EXECUTE FUNCTION session_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER roles_cache_notify AFTER UPDATE OR DELETE
  ON roles FOR EACH ROW EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER stations_cache_notify AFTER UPDATE OR DELETE
  ON stations FOR EACH ROW EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER authorization_proofs_cache_notify AFTER INSERT OR UPDATE OR DELETE
  ON authorization_proofs FOR EACH ROW EXECUTE FUNCTION session_cache_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_throttle_cache_notify AFTER INSERT OR UPDATE OR DELETE
  ON auth_throttle FOR EACH ROW EXECUTE FUNCTION session_cache_notify('subject');
--> statement-breakpoint
-- TRUNCATE fires no row triggers: emptying any of these tables drops every kept session.
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER user_roles_cache_truncate AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER roles_cache_truncate AFTER TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER authorization_proofs_cache_truncate AFTER TRUNCATE ON authorization_proofs
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
--> statement-breakpoint
CREATE TRIGGER auth_throttle_cache_truncate AFTER TRUNCATE ON auth_throttle
  FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify('*');
