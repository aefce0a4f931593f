-- Contacts search by a common fragment walks the company's contacts in name order and tests
-- each name and number until the page is full: with id and number in the index too, the walk
-- is an index-only scan (no table row read per contact visited) and its order needs no sort.
-- (contacts_company_id_name_index, a prefix of it, is retired by 0017.)
CREATE INDEX CONCURRENTLY IF NOT EXISTS "contacts_name_walk" ON "contacts" USING btree ("company_id", "name", "id") INCLUDE ("number");
