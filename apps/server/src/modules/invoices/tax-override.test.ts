import { describe, expect, it } from 'vitest';
import { checkTaxOverride, issueInvoiceFormSchema, type TaxOverrideInput } from '@maplesource/contracts';

/** The one check of a seller's tax override (decision 241), shared by the issue-invoice workflow and the web form. */
const override = (lines: TaxOverrideInput['lines'], reason: TaxOverrideInput['reason'] = null) => ({
  reason,
  certificateNumber: null,
  lines,
});
const codes = (result: ReturnType<typeof checkTaxOverride>) => result.issues.map((issue) => issue.code);

describe('checkTaxOverride', () => {
  it('uses the rates of the invoice date (Nova Scotia: 15 % until 2025-03-31, 14 % from 2025-04-01)', () => {
    const at15 = override([{ code: 'HST', ratePercent: '15', amountCents: 1_500 }]);
    expect(
      codes(checkTaxOverride(at15, { province: 'NS', date: '2025-03-31', taxableCents: 10_000 })),
    ).toEqual([]);
    expect(
      codes(checkTaxOverride(at15, { province: 'NS', date: '2025-04-01', taxableCents: 10_000 })),
    ).toEqual(['INVOICE_TAX_RATE_NOT_ALLOWED', 'INVOICE_TAX_OVERRIDE_REASON_REQUIRED']);
  });

  it('rounds each line like the table, half-up to the cent (QST 9.975 % of 10 ¢ is 1 ¢)', () => {
    const context = { province: 'QC' as const, date: '2026-01-15', taxableCents: 10 };
    const exact = override([
      { code: 'GST', ratePercent: '5', amountCents: 1 },
      { code: 'QST', ratePercent: '9.975', amountCents: 1 },
    ]);
    expect(checkTaxOverride(exact, context)).toEqual({ lines: exact.lines, issues: [] });
    const floored = override([
      { code: 'GST', ratePercent: '5', amountCents: 0 },
      { code: 'QST', ratePercent: '9.975', amountCents: 1 },
    ]);
    expect(checkTaxOverride(floored, context).issues).toEqual([
      expect.objectContaining({ path: ['lines', 0, 'amountCents'], code: 'INVOICE_TAX_AMOUNT_MISMATCH' }),
    ]);
  });

  it('names the field of each issue', () => {
    const result = checkTaxOverride(
      {
        reason: 'exemptionCertificate',
        certificateNumber: null,
        lines: [
          { code: 'HST', ratePercent: '0', amountCents: 0 },
          { code: 'QST', ratePercent: '0', amountCents: 0 },
        ],
      },
      { province: 'ON', date: '2026-01-15', taxableCents: 10_000 },
    );
    expect(result.issues.map(({ path, code }) => ({ path, code }))).toEqual([
      { path: ['lines', 1, 'code'], code: 'INVOICE_TAX_CODE_NOT_IN_PROVINCE' },
      { path: ['certificateNumber'], code: 'INVOICE_TAX_CERTIFICATE_REQUIRED' },
    ]);
  });

  it("returns the lines in the table's order with the table's way of writing the rate", () => {
    const result = checkTaxOverride(
      override(
        [
          { code: 'RST', ratePercent: '0.00', amountCents: 0 },
          { code: 'GST', ratePercent: '05.0', amountCents: 500 },
        ],
        'exemptionCertificate',
      ),
      { province: 'MB', date: '2026-01-15', taxableCents: 10_000 },
    );
    expect(result.lines).toEqual([
      { code: 'GST', ratePercent: '5', amountCents: 500 },
      { code: 'RST', ratePercent: '0', amountCents: 0 },
    ]);
  });
});

describe('issueInvoiceFormSchema', () => {
  it('reports the override’s issues beside the other fields’ errors, on their fields', () => {
    const schema = issueInvoiceFormSchema({ province: 'ON', date: '2026-01-15' });
    const result = schema.safeParse({
      negotiatedPriceCents: 10_000,
      shippingCents: -1,
      taxOverride: override([{ code: 'HST', ratePercent: '99.999', amountCents: 10_000 }], 'zeroRated'),
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map(({ path, message }) => ({ path, message }));
    expect(issues).toContainEqual({ path: ['shippingCents'], message: 'errors:INVOICE_SHIPPING_NEGATIVE' });
    expect(issues).toContainEqual({
      path: ['taxOverride', 'lines', 0, 'ratePercent'],
      message: 'errors:INVOICE_TAX_RATE_NOT_ALLOWED',
    });
  });

  it('accepts what the server accepts', () => {
    const schema = issueInvoiceFormSchema({ province: 'ON', date: '2026-01-15' });
    const result = schema.safeParse({
      negotiatedPriceCents: 10_000,
      taxOverride: override([{ code: 'HST', ratePercent: '0', amountCents: 0 }], 'export'),
    });
    expect(result.success).toBe(true);
  });
});
