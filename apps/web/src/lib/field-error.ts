import type { TFunction } from 'i18next';

/** Form messages are i18n keys (`errors:PASSWORD_TOO_SHORT`) from the contracts schemas; anything else shows as is. */
export function fieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]+:[A-Z_]+$/.test(message) ? t(message) : t('errors:VALIDATION_FAILED');
}
