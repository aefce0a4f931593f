-- Contacts search (contacts.service.ts) walks the contacts in name order or takes every trigram
-- match, from the planner's estimate of a fragment's matches. With the default statistics (a
-- histogram of 100 names) that estimate moved with each ANALYZE's sample: for one surname at
-- 250,000 contacts it was 12,710, 7,481 or 50 (6,157 hold it), and at 50 the search took every
-- match and sorted it (7 ms of database time instead of 1.4). 300 entries kept it within
-- 5,800–8,100 over repeated ANALYZEs; planning a search costs a few hundredths of a ms more.
ALTER TABLE "contacts" ALTER COLUMN "name" SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "number" SET STATISTICS 300;
--> statement-breakpoint
ANALYZE "contacts";
