import { csvColumnsOf, type SellerItemKind } from '@maplesource/contracts';
import type { CsvCell } from '../../plugins/csv-export';
import { ownStorefront, type SellerCatalogueDoors } from './own-storefronts';

const batchSize = 1000;

/** The header of the catalogue CSV in the chosen language (the import reads either). */
export const catalogueCsvHeader = (kind: SellerItemKind, lang: 'en' | 'fr') =>
  csvColumnsOf(kind).map((column) => column[lang]);

/**
 * Every item of one of the user's storefronts (archived ones left out) as CSV rows in the import's shape
 * (decision 288): exporting and importing the file back changes nothing. Read in id batches.
 */
export async function exportCatalogueCsv(
  doors: Pick<SellerCatalogueDoors, 'db' | 'sellers' | 'catalog'>,
  userId: string,
  sellerIdText: string,
  kind: SellerItemKind,
): Promise<AsyncIterable<CsvCell[]>> {
  const sellerId = await ownStorefront(doors, doors.db, userId, sellerIdText);
  const slugs = await doors.catalog.sellerItems.subcategorySlugs(doors.db, kind);
  const keys = csvColumnsOf(kind).map((column) => column.key);
  async function* records() {
    let after = 0;
    for (;;) {
      const batch = await doors.catalog.sellerItems.exportBatch(
        doors.db,
        kind,
        sellerId,
        slugs,
        after,
        batchSize,
      );
      for (const { record } of batch) yield keys.map((key) => record[key] ?? '');
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]!.id;
    }
  }
  return records();
}

/** The template: the header and one example row, in the chosen language. */
export function catalogueCsvTemplate(kind: SellerItemKind): CsvCell[] {
  return kind === 'product'
    ? [
        'BOLT-M8-50',
        'machined-components',
        'no',
        'M8 hex bolt, 50 mm',
        'Boulon hexagonal M8, 50 mm',
        'Zinc-plated steel hex bolt.',
        'Boulon hexagonal en acier zingué.',
        'box',
        '10',
        '10-99: 12.50; 100+: 9.90',
        '5',
        '3',
        'made-in-canada',
        'Custom cutting',
        'Coupe sur mesure',
        '1 year',
        '1 an',
        'Steel',
        'Acier',
        'Custom length|Longueur sur mesure',
        'Finish|Fini=Zinc,Black|Zinc,Noir',
        'Grade|Classe=8.8',
        'Thread|Filetage=M8 x 1.25',
      ]
    : [
        'CNC-MILL',
        'cnc-machining-services',
        'no',
        'CNC milling',
        'Fraisage CNC',
        'Three-axis CNC milling of aluminium and steel parts.',
        'Fraisage CNC trois axes de pièces en aluminium et en acier.',
        '250.00',
        'project',
        '10',
        'Ontario and Quebec',
        'Ontario et Québec',
        'ISO 9001',
        'Axes|Axes=3',
      ];
}
