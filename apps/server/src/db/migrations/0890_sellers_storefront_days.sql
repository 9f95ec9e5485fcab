-- Storefront stats (decision 290): what happened to a storefront per calendar day in Toronto time (as the item rows
-- of decision 273), so a period's figures are sums over at most one row per day, read by the seller's key range.
-- visits: storefront page views; inquiries: quotations asked; invoices: first versions issued (a revision is the
-- same deal); paid_orders and revenue_cents: orders whose payment first succeeded that day and their totals.
CREATE TABLE seller_storefront_days (
  seller_id bigint NOT NULL REFERENCES sellers(id) ON DELETE CASCADE,
  day date NOT NULL,
  visits integer NOT NULL DEFAULT 0,
  inquiries integer NOT NULL DEFAULT 0,
  invoices integer NOT NULL DEFAULT 0,
  paid_orders integer NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (seller_id, day)
);

-- One upsert of the change, in the statement that records the deal's step, whoever writes it: never a recount.
CREATE FUNCTION seller_storefront_days_add(p_seller bigint, p_inquiries integer, p_invoices integer,
  p_paid_orders integer, p_revenue_cents bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seller_storefront_days AS d (seller_id, day, inquiries, invoices, paid_orders, revenue_cents)
  SELECT p_seller, (now() AT TIME ZONE 'America/Toronto')::date, p_inquiries, p_invoices, p_paid_orders, p_revenue_cents
  WHERE EXISTS (SELECT 1 FROM sellers s WHERE s.id = p_seller)
  ON CONFLICT (seller_id, day) DO UPDATE SET
    inquiries = d.inquiries + excluded.inquiries,
    invoices = d.invoices + excluded.invoices,
    paid_orders = d.paid_orders + excluded.paid_orders,
    revenue_cents = d.revenue_cents + excluded.revenue_cents;
END $$;

CREATE FUNCTION seller_storefront_days_inquiry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_storefront_days_add(NEW.seller_id, 1, 0, 0, 0);
  RETURN NULL;
END $$;
CREATE TRIGGER quotation_requests_storefront_days AFTER INSERT ON quotation_requests
  FOR EACH ROW EXECUTE FUNCTION seller_storefront_days_inquiry();

CREATE FUNCTION seller_storefront_days_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seller_storefront_days_add(NEW.seller_id, 0, 1, 0, 0);
  RETURN NULL;
END $$;
CREATE TRIGGER invoices_storefront_days AFTER INSERT ON invoices
  FOR EACH ROW WHEN (NEW.version = 1) EXECUTE FUNCTION seller_storefront_days_invoice();

-- An order counts once, when its payment first gets a paid time (a later refund or event changes nothing here).
CREATE FUNCTION seller_storefront_days_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  SELECT seller_id, total_cents INTO o FROM orders WHERE id = NEW.order_id;
  IF FOUND THEN
    PERFORM seller_storefront_days_add(o.seller_id, 0, 0, 1, o.total_cents);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_payments_storefront_days_update AFTER UPDATE OF paid_at ON order_payments
  FOR EACH ROW WHEN (OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL)
  EXECUTE FUNCTION seller_storefront_days_paid();
CREATE TRIGGER order_payments_storefront_days_insert AFTER INSERT ON order_payments
  FOR EACH ROW WHEN (NEW.paid_at IS NOT NULL)
  EXECUTE FUNCTION seller_storefront_days_paid();
