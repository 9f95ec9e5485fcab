import { z } from 'zod';

/** The one error shape every API answer uses (ARCHITECTURE rule 3). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems for 400/422 answers: path → i18n key or message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Stable machine-readable error codes. The web client maps each to translated text (`errors:<CODE>`). */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ROLE_HEADER_REQUIRED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type CommonErrorCode = (typeof errorCodes)[number];

/** Roles a request may act as; docs/product.md §1: this client always sends `buyer`. */
export const roles = ['buyer', 'seller', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
export const ROLE_HEADER = 'role';

/** Query parameters every paged list accepts. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The one list shape for every paged response (ARCHITECTURE rule 3). */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Money is integer cents, CAD (ARCHITECTURE rule 4). */
export const centsSchema = z.number().int().nonnegative().max(100_000_000_000);
export type Cents = number;
export const CURRENCY = 'CAD' as const;

export const okResponseSchema = z.object({ ok: z.literal(true) });
export const idParamSchema = z.object({ id: z.string().min(1).max(200) });
export const slugParamSchema = z.object({ slug: z.string().min(1).max(200) });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The short human reference of an order, invoice or quotation request (decision 213): `#` and the first 8 hex
 * digits of its UUID, upper-cased (`#3F2A9C01`). The same on every screen, the PDF and the e-mails; the full id
 * stays in addresses. An id that is not a UUID is shown as it is.
 */
export function shortRef(id: string): string {
  return uuidPattern.test(id) ? `#${id.slice(0, 8).toUpperCase()}` : id;
}
