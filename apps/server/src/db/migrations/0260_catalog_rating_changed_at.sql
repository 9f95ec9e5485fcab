-- Ratings are stored by the catalogue when a `review.changed` event arrives (decision 061). Deliveries may
-- come late, repeated or out of order; the time the reviews module computed a rating is kept with it, and an
-- older rating never replaces a newer one.
ALTER TABLE products ADD COLUMN rating_changed_at timestamptz;
ALTER TABLE services ADD COLUMN rating_changed_at timestamptz;
