-- Every chat message raises its conversation's last_seq and updated_at (decision 218). With updated_at inside the
-- buyer and seller list indexes, each of those updates was a non-HOT update: a new entry in all four indexes of
-- the row (primary key, the pair key and both list indexes) per message. The list indexes now hold the
-- participant only: a user's conversations are few enough to be sorted by updated_at when read, and the send's
-- update touches no indexed column, so PostgreSQL can keep it on the same page without any index entry (HOT).
-- A lower fill factor leaves room on each page for those row versions.
DROP INDEX chats_buyer_updated_idx;
DROP INDEX chats_seller_updated_idx;
CREATE INDEX chats_buyer_idx ON chats (buyer_id);
CREATE INDEX chats_seller_idx ON chats (seller_user_id);
ALTER TABLE chats SET (fillfactor = 70);
