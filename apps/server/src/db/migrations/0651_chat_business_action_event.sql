-- Decision 186: the live delivery of business actions subscribes to `chat.business-action-posted` instead of
-- every `chat.message-created` (a user's message no longer gets a delivery it did nothing with). The old
-- subscription and its undelivered deliveries go (their live push is a fast path; clients fetch after any gap).
DELETE FROM event_deliveries
WHERE subscriber = 'chat.live-business-actions' AND delivered_at IS NULL
  AND event_id IN (SELECT id FROM domain_events WHERE name = 'chat.message-created');
DELETE FROM event_subscriptions
WHERE subscriber = 'chat.live-business-actions' AND event_name = 'chat.message-created';
