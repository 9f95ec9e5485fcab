-- The CNC instant quote's dated rates (decision 322): one row per effective date holding the whole rate set
-- (packages/contracts/src/cnc-rates.ts validates it on the way in and out). The row in effect at a moment is the
-- one with the latest effective_from on or before that moment's date in Toronto. Seeded with the rates the pricing
-- tests use (apps/server/test/cnc-pricing.test.ts).
CREATE TABLE cnc_rates (
  effective_from date PRIMARY KEY,
  rates jsonb NOT NULL CHECK (jsonb_typeof(rates) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO cnc_rates (effective_from, rates) VALUES ('2026-11-28', '{
  "effectiveFrom": "2026-11-28",
  "materials": {
    "aluminium-6061": {"centsPerCm3": 10, "machinability": 1},
    "aluminium-7075": {"centsPerCm3": 10, "machinability": 1},
    "stainless-304": {"centsPerCm3": 20, "machinability": 0.25},
    "stainless-316": {"centsPerCm3": 10, "machinability": 1},
    "mild-steel-1018": {"centsPerCm3": 10, "machinability": 1},
    "brass": {"centsPerCm3": 10, "machinability": 1},
    "pom": {"centsPerCm3": 10, "machinability": 1},
    "abs": {"centsPerCm3": 10, "machinability": 1},
    "nylon": {"centsPerCm3": 10, "machinability": 1}
  },
  "shopCentsPerHour": 9000,
  "setupCents": 5000,
  "stockAllowanceMm": 5,
  "removalCm3PerHour": 70,
  "finishCentsPerPart": {"as-machined": 0, "bead-blast": 300, "anodized": 500, "powder-coat": 700},
  "tightToleranceFactor": 1.5,
  "standardLeadDays": 10,
  "expeditedLeadDays": 4,
  "expeditedFactor": 1.5,
  "machineEnvelopeMm": [600, 400, 300]
}'::jsonb);
