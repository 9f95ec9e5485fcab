-- Realistic stock prices and machinability for every CNC material (decision 330). Migration 1091 seeded the launch
-- row (2026-11-28) with every material but stainless 304 at aluminium 6061's figures. Aluminium 6061 and stainless
-- 304 keep theirs; the others get a stock price in cents per cm³ (a Canadian distributor's small-lot bar price per
-- kg × the alloy's density, scaled to 6061's 10 ¢/cm³) and a machinability (the material removal rate against
-- 6061's, from published machinability ratings). Decision 330 gives the figures behind each number.
--
-- Rows are never edited once quotes are priced with them (decision 322). So:
-- 1. the launch row is amended in place only while its materials are still as 1091 wrote them and no quote has
--    been priced with it (a new database, a test, the demo);
-- 2. else, if quotes were priced with the unchanged launch row and no admin has added a row, the realistic figures
--    become a new row dated the day this migration runs (Toronto), so those quotes keep their rates;
-- 3. else an admin has already set rates of their own, and they stay as they are.

CREATE TEMPORARY TABLE cnc_rates_1096 ON COMMIT DROP AS
SELECT
  -- The materials as 1091 wrote them: the launch row's other figures are kept as they are.
  '{
    "aluminium-6061": {"centsPerCm3": 10, "machinability": 1},
    "aluminium-7075": {"centsPerCm3": 10, "machinability": 1},
    "stainless-304": {"centsPerCm3": 20, "machinability": 0.25},
    "stainless-316": {"centsPerCm3": 10, "machinability": 1},
    "mild-steel-1018": {"centsPerCm3": 10, "machinability": 1},
    "brass": {"centsPerCm3": 10, "machinability": 1},
    "pom": {"centsPerCm3": 10, "machinability": 1},
    "abs": {"centsPerCm3": 10, "machinability": 1},
    "nylon": {"centsPerCm3": 10, "machinability": 1}
  }'::jsonb AS seeded,
  '{
    "aluminium-6061": {"centsPerCm3": 10, "machinability": 1},
    "aluminium-7075": {"centsPerCm3": 21, "machinability": 0.9},
    "stainless-304": {"centsPerCm3": 20, "machinability": 0.25},
    "stainless-316": {"centsPerCm3": 26, "machinability": 0.2},
    "mild-steel-1018": {"centsPerCm3": 9, "machinability": 0.4},
    "brass": {"centsPerCm3": 57, "machinability": 1.2},
    "pom": {"centsPerCm3": 5, "machinability": 1.5},
    "abs": {"centsPerCm3": 2.7, "machinability": 1.4},
    "nylon": {"centsPerCm3": 3.8, "machinability": 1.3}
  }'::jsonb AS materials,
  EXISTS (SELECT 1 FROM cnc_quotes WHERE rates_effective_from = '2026-11-28') AS launch_row_quoted,
  (timezone('America/Toronto', now()))::date AS today;

-- 1. The launch row, its materials unchanged and not yet quoted with: amended in place.
UPDATE cnc_rates r SET rates = jsonb_set(r.rates, '{materials}', m.materials)
FROM cnc_rates_1096 m
WHERE r.effective_from = '2026-11-28' AND r.rates -> 'materials' = m.seeded AND NOT m.launch_row_quoted;

-- 2. Quoted with, still the only row: the launch row with the realistic materials, from today on.
INSERT INTO cnc_rates (effective_from, rates)
SELECT m.today,
  jsonb_set(jsonb_set(r.rates, '{materials}', m.materials), '{effectiveFrom}', to_jsonb(to_char(m.today, 'YYYY-MM-DD')))
FROM cnc_rates_1096 m JOIN cnc_rates r ON r.effective_from = '2026-11-28'
WHERE m.launch_row_quoted
  AND m.today > '2026-11-28'
  AND r.rates -> 'materials' = m.seeded
  AND (SELECT count(*) FROM cnc_rates) = 1;
