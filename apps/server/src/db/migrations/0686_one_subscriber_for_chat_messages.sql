-- A chat message's notification and its offline-mail check are one subscriber from now on (decision 219):
-- `notifications.chat-message-created` replaces `notifications.chat-messages` and `notifications.chat-offline-mail`.
-- An event that either former subscriber had not handled yet gets a delivery to the new one (due at once, its
-- attempts kept for the retry delay), and the former subscribers' pending deliveries and their registrations go.
-- An event that one of them had handled is handled again by the new subscriber: both parts are idempotent (the
-- notification's source key is the message; the pending row is an upsert and the job a singleton per due time),
-- so nothing is told twice. Handled marks of the former names stay (they are the record of what was done).
INSERT INTO event_subscriptions (subscriber, event_name)
VALUES ('notifications.chat-message-created', 'chat.message-created')
ON CONFLICT DO NOTHING;

INSERT INTO event_deliveries (event_id, subscriber, attempts, next_attempt_at)
SELECT d.event_id, 'notifications.chat-message-created', max(d.attempts), min(d.next_attempt_at)
FROM event_deliveries d
WHERE d.subscriber IN ('notifications.chat-messages', 'notifications.chat-offline-mail')
  AND d.delivered_at IS NULL
GROUP BY d.event_id
ON CONFLICT (event_id, subscriber) DO NOTHING;

DELETE FROM event_deliveries
WHERE subscriber IN ('notifications.chat-messages', 'notifications.chat-offline-mail') AND delivered_at IS NULL;

DELETE FROM event_subscriptions
WHERE subscriber IN ('notifications.chat-messages', 'notifications.chat-offline-mail');
