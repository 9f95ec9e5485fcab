-- Requests for quotes, decision 317: the private flag (set at sending, never changed), the reveal of the buyer to
-- one supplier (set once by a conditional UPDATE … WHERE buyer_revealed_at IS NULL), the conversation the buyer
-- opened with that supplier (or the award opened), and the request's private attachments — at most 5, counted on
-- the request's row by a conditional UPDATE (the CHECK is the last word), each at most 10 MB.
ALTER TABLE rfqs ADD COLUMN private boolean NOT NULL DEFAULT false;
ALTER TABLE rfqs ADD COLUMN attachment_count smallint NOT NULL DEFAULT 0
  CHECK (attachment_count BETWEEN 0 AND 5);

ALTER TABLE rfq_recipients ADD COLUMN buyer_revealed_at timestamptz;
ALTER TABLE rfq_recipients ADD COLUMN chat_id uuid;
-- The quotation the award left in that conversation (quotes module), so a repeated accept answers the same.
ALTER TABLE rfq_recipients ADD COLUMN quotation_id uuid;

CREATE TABLE rfq_attachments (
  id uuid PRIMARY KEY,
  rfq_id uuid NOT NULL REFERENCES rfqs(id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg', 'model/step',
    'model/stl', 'image/vnd.dxf', 'image/vnd.dwg')),
  bytes integer NOT NULL CHECK (bytes BETWEEN 1 AND 10485760),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rfq_attachments_rfq_idx ON rfq_attachments (rfq_id, created_at, id);
