-- The buyer's stored CNC instant quotes (decision 322): the part as the server measured it, the options, the date
-- of the rates it was priced with and the price terms at every quantity, so the quote is explained later exactly as
-- it was priced. A buyer reads only their own (another buyer's id is 404).
CREATE TABLE cnc_quotes (
  id bigserial PRIMARY KEY,
  buyer_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  geometry jsonb NOT NULL,
  triangles integer NOT NULL CHECK (triangles > 0),
  options jsonb NOT NULL,
  rates_effective_from date NOT NULL,
  prices jsonb NOT NULL CHECK (jsonb_typeof(prices) = 'array'),
  notes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cnc_quotes_buyer_recent_idx ON cnc_quotes (buyer_id, created_at DESC, id DESC);
