-- The sandbox's client secret was the intent id, which the seller's order view shows, so a seller could confirm the
-- buyer's payment (decision 238). Each intent gets its own random secret, returned only to the paying buyer.
ALTER TABLE sandbox_payment_intents ADD COLUMN client_secret text;

-- Intents made before this have no secret yet: each gets a fresh random one (gen_random_uuid draws from the server's
-- strong random source), so the intent id no longer opens them. A buyer whose checkout was open asks for the intent
-- again, which answers the new secret.
UPDATE sandbox_payment_intents
SET client_secret = id || '_secret_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
WHERE client_secret IS NULL;

ALTER TABLE sandbox_payment_intents ALTER COLUMN client_secret SET NOT NULL;
ALTER TABLE sandbox_payment_intents ADD CONSTRAINT sandbox_payment_intents_client_secret_not_id
  CHECK (client_secret <> id AND length(client_secret) >= 40);
