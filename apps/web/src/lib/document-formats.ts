import type { TFunction } from 'i18next';
import { formatNumber } from './format';

/**
 * A quantity with its unit in a document's language, through the catalogue's translated, pluralised unit names
 * (`catalog:units.*`, the words the invoice PDF prints too): "50 pieces", "1 pièce", "2 000 mètres". A unit the
 * catalogue does not know (typed by a seller) is shown as written.
 */
export function quantityText(t: TFunction, quantity: number, unit: string | null, language: string): string {
  const amount = formatNumber(quantity, language);
  if (!unit) return amount;
  const word = t(`catalog:units.${unit}`, { count: quantity, defaultValue: unit, lng: language });
  return `${amount} ${word}`;
}
