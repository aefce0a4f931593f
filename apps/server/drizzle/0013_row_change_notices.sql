-- Row changes that nodes cache rows for (db/row-changes.ts): after an update, a delete or a
-- truncate of connections or contacts, one notice per statement on the channel
-- atrium_row_changes, "table:id,id,…" ("table:*" when the ids would not fit a notice). It is
-- sent at commit, to every node listening, whoever made the change (a service, a cascade from
-- a deleted company, a migration). A new row needs no notice: nothing cached it.
CREATE OR REPLACE FUNCTION atrium_notify_row_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    ids := '*';
  ELSE
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed_rows;
    IF ids IS NULL THEN
      RETURN NULL;
    END IF;
    IF length(ids) > 7000 THEN
      ids := '*';
    END IF;
  END IF;
  PERFORM pg_notify('atrium_row_changes', TG_TABLE_NAME || ':' || ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER connections_changed_notice AFTER UPDATE ON connections
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER connections_deleted_notice AFTER DELETE ON connections
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER connections_truncated_notice AFTER TRUNCATE ON connections
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER contacts_changed_notice AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER contacts_deleted_notice AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  EXECUTE FUNCTION atrium_notify_row_changes();
--> statement-breakpoint
CREATE TRIGGER contacts_truncated_notice AFTER TRUNCATE ON contacts
  FOR EACH STATEMENT EXECUTE FUNCTION atrium_notify_row_changes();
