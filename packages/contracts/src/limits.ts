/** Business constants and limits, docs/product.md §9. One place; both sides import from here. */
export const limits = {
  maxUploadBytes: 5 * 1024 * 1024, // resume and chat image maximum: 5MB
  careerFollowUpBusinessDays: { min: 5, max: 7 },
  passwordMinLength: 8,
  inquiryMinimum: 1,
  paymentReviewDaysAfterDelivery: 7,
  refundWindowDays: 30,
  productWarrantyYears: 1,
  minimumAge: { default: 13, where: 16 },
  loginRecheckMs: 2 * 60 * 1000,
  socket: {
    connectionTimeoutMs: 10_000,
    reconnectionAttempts: 5,
    reconnectionDelayMs: 1_000,
    reconnectionDelayMaxMs: 10_000,
    pingIntervalMs: 30_000,
    idleDisconnectMs: 500,
    manualReconnectDelayMs: 1_000,
  },
  toast: { max: 3, displayMs: 3_000, exitMs: 300 },
  mobileBreakpointPx: 640,
  languagePrefixMaxLength: 5,
} as const;

export const CURRENCY_CODE = 'CAD';
