-- The schema no longer declares six indexes that covering indexes replace (three ticket tab
-- indexes, and three prefixes of covering indexes). They are dropped concurrently after their
-- replacements are built (drizzle/online/0009–0017), not here: here they would go before the
-- replacements exist, and a DROP INDEX in the migration's transaction holds the table's lock
-- until it commits.
--
-- A tab's page and count read the tab's covering index alone when the visibility map says its
-- ticket rows are visible to everyone, and tickets change all day: vacuumed after 2% of them
-- changed (PostgreSQL's default waits for 20%), the recent ones stay index-only.
ALTER TABLE "tickets" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
