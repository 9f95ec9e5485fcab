-- The CNC quote keeps its uploaded file and its request for firm quotes (decision 325).
-- file_key: the private storage key of the uploaded part, shared by the quote's copies (null for quotes made before
-- files were kept); file_bytes its size. rfq_id: the request for quotes sent for this quote, set once by a
-- conditional UPDATE … WHERE rfq_id IS NULL, and unique, so one quote never holds two requests.
ALTER TABLE cnc_quotes ADD COLUMN file_key text CHECK (file_key IS NULL OR char_length(file_key) BETWEEN 1 AND 512);
ALTER TABLE cnc_quotes ADD COLUMN file_bytes integer CHECK (file_bytes IS NULL OR file_bytes > 0);
ALTER TABLE cnc_quotes ADD CONSTRAINT cnc_quotes_file_key_bytes_together
  CHECK ((file_key IS NULL) = (file_bytes IS NULL));
ALTER TABLE cnc_quotes ADD COLUMN rfq_id uuid UNIQUE;
-- A quote is re-priced (change of quantity) with the very rates row it was priced with: that row must exist, and
-- rates rows are never deleted (decision 322).
ALTER TABLE cnc_quotes ADD CONSTRAINT cnc_quotes_rates_fkey
  FOREIGN KEY (rates_effective_from) REFERENCES cnc_rates (effective_from);

-- A CNC quote's part goes to its request for firm quotes as an attachment of up to the quote's own file limit
-- (100 MB, decision 322); a file a buyer attaches by hand stays limited to 10 MB by the upload route while it is read
-- (decision 317).
ALTER TABLE rfq_attachments DROP CONSTRAINT rfq_attachments_bytes_check;
ALTER TABLE rfq_attachments ADD CONSTRAINT rfq_attachments_bytes_check CHECK (bytes BETWEEN 1 AND 104857600);
