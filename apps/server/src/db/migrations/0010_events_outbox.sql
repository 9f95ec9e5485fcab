-- Domain events (decision 065): an outbox written in the emitting transaction, one delivery row per
-- (event, subscriber), and the event ids each subscriber has handled (written with the handler's own work).

CREATE TABLE domain_events (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_occurred_at_idx ON domain_events (occurred_at);

-- Which subscriber (a stable name, e.g. 'catalog.ratings') listens to which event. Every server process
-- upserts its own subscriptions at start, so an event emitted in one process reaches subscribers that
-- only another process runs (SERVICES split).
CREATE TABLE event_subscriptions (
  subscriber text NOT NULL,
  event_name text NOT NULL,
  registered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_name, subscriber)
);

-- Delivery state of one event to one subscriber: attempts, when it is next due, the last failure.
CREATE TABLE event_deliveries (
  event_id uuid NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
  subscriber text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  delivered_at timestamptz,
  PRIMARY KEY (event_id, subscriber)
);
CREATE INDEX event_deliveries_due_idx ON event_deliveries (next_attempt_at) WHERE delivered_at IS NULL;

-- The dedupe record: inserted in the same transaction as the handler's work, so a handled event is
-- never handled again by that subscriber, whatever happens to its delivery row.
CREATE TABLE handled_events (
  subscriber text NOT NULL,
  event_id uuid NOT NULL,
  handled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscriber, event_id)
);
