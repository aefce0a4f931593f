-- A prefix of contacts_name_walk (0008).
DROP INDEX CONCURRENTLY IF EXISTS "contacts_company_id_name_index";
