-- Actors kept in memory (modules/auth/actor.ts, ActorCache): every authenticated call and
-- socket handshake needs the caller's user, queues, company standing and session, and reading
-- them cost a round trip and about a fifth of a ticket page's database time. A node keeps
-- them until a notice on atrium_row_changes (migration 0013) names what changed:
-- "users:<ids>" for the user's row, queue memberships or sessions, "companies:<ids>" for the
-- company's standing, "plans:<ids>" for a plan's grace days. Notices are sent at commit.
-- Migration 0013's statement trigger, told which table to name and which column holds the ids
-- when they are not its own ("users", "user_id" for a user's queues and sessions).
CREATE OR REPLACE FUNCTION atrium_notify_row_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    ids := '*';
  ELSE
    IF TG_NARGS = 0 THEN
      SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed_rows;
    ELSE
      EXECUTE format('SELECT string_agg(DISTINCT %I::text, '','') FROM changed_rows', TG_ARGV[1])
        INTO ids;
    END IF;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    IF length(ids) > 7000 THEN
      ids := '*';
    END IF;
  END IF;
  PERFORM pg_notify('atrium_row_changes', coalesce(TG_ARGV[0], TG_TABLE_NAME) || ':' || ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A company or plan row whose standing changed: its columns that decide whether its users may
-- act (a company's protocol counter, bumped by every new ticket, sends nothing).
CREATE OR REPLACE FUNCTION atrium_notify_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_row_changes', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notice AFTER UPDATE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notice AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER users_truncated_notice AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER user_queues_added_notice AFTER INSERT ON user_queues
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_queues_changed_notice AFTER UPDATE ON user_queues
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_queues_moved_notice AFTER UPDATE ON user_queues
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_queues_deleted_notice AFTER DELETE ON user_queues
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_queues_truncated_notice AFTER TRUNCATE ON user_queues
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_sessions_changed_notice AFTER UPDATE ON user_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_sessions_deleted_notice AFTER DELETE ON user_sessions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER user_sessions_truncated_notice AFTER TRUNCATE ON user_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes('users', 'user_id');
--> statement-breakpoint
CREATE TRIGGER companies_standing_notice
  AFTER UPDATE OF status, archived, due_date, is_platform, plan_id ON companies
  FOR EACH ROW EXECUTE FUNCTION atrium_notify_row_change();
--> statement-breakpoint
CREATE TRIGGER companies_deleted_notice AFTER DELETE ON companies
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER companies_truncated_notice AFTER TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER plans_grace_notice AFTER UPDATE OF grace_days ON plans
  FOR EACH ROW EXECUTE FUNCTION atrium_notify_row_change();
--> statement-breakpoint
CREATE TRIGGER plans_deleted_notice AFTER DELETE ON plans
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
