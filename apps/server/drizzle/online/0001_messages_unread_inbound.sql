-- Opening a ticket marks its contact's unread messages read: this finds them without reading
-- the ticket's whole history (a group conversation may hold tens of thousands of messages).
-- Only unread inbound messages are in it, so it stays small.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "messages_unread_inbound" ON "messages" USING btree ("ticket_id") WHERE "read" = false AND "from_me" = false;
