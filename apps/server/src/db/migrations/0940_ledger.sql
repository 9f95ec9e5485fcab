-- The double-entry ledger (decision 296, docs/product.md §9): accounts with a running balance, append-only journal
-- entries whose lines sum to zero, the funds held per order until delivery + 7 days, and the dated platform fee rates.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  holder_kind text NOT NULL CHECK (holder_kind IN ('seller', 'buyer', 'platform')),
  holder_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pending', 'available', 'paid_out', 'refunds', 'fees', 'fee_tax',
    'provider_fees', 'cash_at_provider')),
  balance_cents bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_holder_key UNIQUE (holder_kind, holder_id, kind),
  CHECK ((holder_kind = 'seller' AND kind IN ('pending', 'available', 'paid_out'))
    OR (holder_kind = 'buyer' AND kind = 'refunds')
    OR (holder_kind = 'platform' AND holder_id = '' AND kind IN ('fees', 'fee_tax', 'provider_fees', 'cash_at_provider')))
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  posting_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('capture', 'release', 'refund', 'refund_paid', 'payout', 'payout_failed',
    'chargeback')),
  order_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entries_posting_key UNIQUE (posting_key)
);
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id, id) WHERE order_id IS NOT NULL;

CREATE TABLE ledger_lines (
  id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES ledger_entries(id),
  account_id bigint NOT NULL REFERENCES ledger_accounts(id),
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
  balance_after_cents bigint NOT NULL DEFAULT 0
);
CREATE INDEX ledger_lines_entry_idx ON ledger_lines (entry_id);
CREATE INDEX ledger_lines_account_idx ON ledger_lines (account_id, id DESC);

-- The running balance moves in the statement that inserts the line (the account's row lock orders concurrent
-- postings), and the line keeps the balance it left.
CREATE FUNCTION ledger_line_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE next_balance bigint;
BEGIN
  UPDATE ledger_accounts SET balance_cents = balance_cents + NEW.amount_cents, updated_at = now()
  WHERE id = NEW.account_id RETURNING balance_cents INTO next_balance;
  IF next_balance IS NULL THEN
    RAISE EXCEPTION 'ledger account % does not exist', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW.balance_after_cents := next_balance;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_lines_apply BEFORE INSERT ON ledger_lines FOR EACH ROW EXECUTE FUNCTION ledger_line_apply();

-- Every entry balances, checked at commit (its lines are inserted one statement at a time).
CREATE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint; line_count integer;
BEGIN
  SELECT COALESCE(SUM(amount_cents), 0), COUNT(*) INTO total, line_count FROM ledger_lines WHERE entry_id = NEW.id;
  IF total <> 0 OR line_count < 2 THEN
    RAISE EXCEPTION 'ledger entry % is unbalanced: % cents over % lines', NEW.id, total, line_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balanced();

CREATE FUNCTION ledger_line_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total bigint;
BEGIN
  SELECT COALESCE(SUM(amount_cents), 0) INTO total FROM ledger_lines WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % is unbalanced: % cents', NEW.entry_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_line_balanced();

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- The seller's share of one paid order, held in pending until `release_at` (delivery + 7 days) unless a payment
-- review freezes it (decision 296).
CREATE TABLE ledger_holds (
  order_id uuid PRIMARY KEY,
  seller_id bigint NOT NULL,
  buyer_user_id uuid NOT NULL,
  gross_cents bigint NOT NULL CHECK (gross_cents > 0),
  fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
  fee_tax_cents bigint NOT NULL CHECK (fee_tax_cents >= 0),
  fee_rate_bps integer NOT NULL CHECK (fee_rate_bps BETWEEN 0 AND 10000),
  held_cents bigint NOT NULL CHECK (held_cents >= 0),
  refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
  release_at timestamptz NOT NULL,
  released_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_holds_due_idx ON ledger_holds (release_at) WHERE released_at IS NULL;
CREATE INDEX ledger_holds_seller_idx ON ledger_holds (seller_id, release_at);

-- The platform's fee, a rate per category (its English name in lower case) from a date (decision 296); category ''
-- is the default.
CREATE TABLE platform_fee_rates (
  category text NOT NULL,
  valid_from date NOT NULL,
  rate_bps integer NOT NULL CHECK (rate_bps BETWEEN 0 AND 10000),
  PRIMARY KEY (category, valid_from)
);
INSERT INTO platform_fee_rates (category, valid_from, rate_bps) VALUES
  ('', '2026-01-01', 500),
  ('metal fabrication', '2026-01-01', 400),
  ('cnc machining', '2026-01-01', 400),
  ('packaging', '2026-01-01', 600);
