import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatCad, type CncQuote } from '@maplesource/contracts';
import { renderPdfInWorker } from '../../../plugins/pdf-pool';
import { dfmNotes, finishes, leadTimes, materials, tolerances } from './cnc-quote-words';

const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export type CncQuotePdfLanguage = 'en' | 'fr';

const MARGIN = 50;
/** Left edge of each column of the price table: quantity, unit price, total, lead time (Letter is 612 points wide). */
const columns = [MARGIN, 170, 300, 430];

const words = {
  en: {
    title: 'CNC machining instant quote',
    quote: 'Quote',
    created: 'Created',
    file: 'File',
    part: 'The part as measured',
    volume: 'Volume',
    area: 'Surface area',
    box: 'Bounding box',
    mesh: 'Mesh',
    closed: 'closed',
    open: 'open (not watertight)',
    volumeOpen: 'not measurable (the mesh is open)',
    triangles: 'triangles',
    options: 'Options',
    material: 'Material',
    finish: 'Finish',
    tolerance: 'Tolerance',
    leadTime: 'Lead time',
    quantity: 'Quantity',
    prices: 'Prices',
    header: ['Quantity', 'Unit price', 'Total', 'Lead time'],
    days: (n: number) => `${n} business day${n === 1 ? '' : 's'}`,
    formula: (quantity: number) => `How one part is priced at a quantity of ${quantity}`,
    stock: 'Stock material',
    machining: 'Machining',
    setup: 'Setup shared by the parts',
    finishTerm: 'Finish',
    expedited: 'Expedited lead time',
    unit: 'Unit price',
    notes: 'Design for manufacturing',
    noNotes: 'No remarks: the part suits CNC machining as drawn.',
    noInstantPrice:
      'No instant price: the part’s mesh is open (not watertight), so its volume, and the machining priced from it, cannot be measured. Export a closed solid and quote it again, or request firm quotes: CNC shops price the part from its file.',
    rates: (date: string) => `Priced with the rates in effect from ${date}.`,
    fine: 'An instant quote is an estimate from the part’s geometry; a shop confirms the firm price. Prices in CAD, before tax and shipping.',
  },
  fr: {
    title: 'Devis instantané d’usinage CNC',
    quote: 'Devis',
    created: 'Créé le',
    file: 'Fichier',
    part: 'La pièce telle que mesurée',
    volume: 'Volume',
    area: 'Surface',
    box: 'Encombrement',
    mesh: 'Maillage',
    closed: 'fermé',
    open: 'ouvert (non étanche)',
    volumeOpen: 'non mesurable (le maillage est ouvert)',
    triangles: 'triangles',
    options: 'Options',
    material: 'Matériau',
    finish: 'Finition',
    tolerance: 'Tolérance',
    leadTime: 'Délai',
    quantity: 'Quantité',
    prices: 'Prix',
    header: ['Quantité', 'Prix unitaire', 'Total', 'Délai'],
    days: (n: number) => `${n} jour${n === 1 ? '' : 's'} ouvrable${n === 1 ? '' : 's'}`,
    formula: (quantity: number) => `Comment une pièce est chiffrée pour une quantité de ${quantity}`,
    stock: 'Matière brute',
    machining: 'Usinage',
    setup: 'Mise en train répartie sur les pièces',
    finishTerm: 'Finition',
    expedited: 'Délai accéléré',
    unit: 'Prix unitaire',
    notes: 'Conception pour la fabrication',
    noNotes: 'Aucune remarque : la pièce convient à l’usinage CNC telle que dessinée.',
    noInstantPrice:
      'Pas de prix instantané : le maillage de la pièce est ouvert (non étanche), son volume et l’usinage chiffré d’après lui ne peuvent donc pas être mesurés. Exportez un solide fermé et chiffrez-le de nouveau, ou demandez des prix fermes : les ateliers CNC chiffrent la pièce d’après son fichier.',
    rates: (date: string) => `Chiffré avec les tarifs en vigueur depuis le ${date}.`,
    fine: 'Un devis instantané est une estimation d’après la géométrie de la pièce; un atelier confirme le prix ferme. Prix en dollars canadiens, avant taxes et livraison.',
  },
} as const;

const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/**
 * The buyer's CNC quote as a PDF (decision 325), in English or French: the part's measured figures, the options, the
 * price at every quantity break, the formula's terms at the quantity asked for, the design-for-manufacturing notes
 * and the date of the rates it was priced with. Letter, DejaVu Sans embedded so accents print and copy right.
 */
export function renderCncQuotePdf(quote: CncQuote, language: CncQuotePdfLanguage): Promise<Buffer> {
  // Drawn in the PDF thread (decision 342): the event loop serves other requests meanwhile.
  return renderPdfInWorker('cnc-quote', { quote, language });
}

/** Draws the quote with PDFKit: run in the PDF thread (`pdf-worker.ts`). */
export function drawCncQuotePdf({
  quote,
  language,
}: {
  quote: CncQuote;
  language: CncQuotePdfLanguage;
}): Promise<Buffer> {
  const w = words[language];
  const pick = (pair: readonly [string, string]) => pair[language === 'en' ? 0 : 1];
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const number = (value: number, digits = 2) =>
    plainSpaces(new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value));
  const money = (cents: number) => plainSpaces(formatCad(cents, language));
  const colon = language === 'fr' ? ' :' : ':';
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    lang: locale,
    info: { Title: `${w.title} ${quote.id}`, Author: 'MapleSource' },
  });
  doc.registerFont('regular', fontRegular);
  doc.registerFont('bold', fontBold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string) => {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    doc.moveDown(0.6).font('bold').fontSize(11).text(text, MARGIN);
    doc.font('regular').fontSize(9.5);
  };
  const line = (label: string, value: string) => doc.text(`${label}${colon} ${value}`, MARGIN);

  doc.font('bold').fontSize(16).text(w.title);
  doc.font('regular').fontSize(9.5);
  line(w.quote, quote.id);
  line(w.created, quote.createdAt.slice(0, 10));
  line(w.file, quote.fileName);

  const g = quote.geometry;
  heading(w.part);
  // Decision 335: an open mesh's volume is not a measurement; it is not printed as one.
  line(w.volume, g.closed ? `${number(g.volumeMm3 / 1000)} cm³` : w.volumeOpen);
  line(w.area, `${number(g.surfaceAreaMm2 / 100)} cm²`);
  line(w.box, `${g.boundingBoxMm.map((side) => number(side)).join(' × ')} mm`);
  line(w.mesh, `${g.closed ? w.closed : w.open}, ${number(quote.triangles, 0)} ${w.triangles}`);

  const o = quote.options;
  heading(w.options);
  line(w.material, pick(materials[o.material]));
  line(w.finish, pick(finishes[o.finish]));
  line(w.tolerance, pick(tolerances[o.tolerance]));
  line(w.leadTime, pick(leadTimes[o.leadTime]));
  line(w.quantity, number(o.quantity, 0));

  heading(w.prices);
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    doc.font(font).fontSize(9.5);
    cells.forEach((cell, index) => {
      const width = (columns[index + 1] ?? doc.page.width - MARGIN) - columns[index]! - 6;
      doc.text(cell, columns[index]!, y, { width, lineBreak: false });
    });
    doc.x = MARGIN;
    doc.y = y + 15;
  };
  // Decision 335: an open mesh has no instant price; the PDF says why and what to do instead of an empty table.
  if (quote.prices.length === 0) doc.text(w.noInstantPrice, MARGIN);
  else row([...w.header], 'bold');
  for (const price of quote.prices)
    row(
      [number(price.quantity, 0), money(price.unitCents), money(price.totalCents), w.days(price.leadDays)],
      price.quantity === o.quantity ? 'bold' : 'regular',
    );

  const terms = quote.prices.find((price) => price.quantity === o.quantity) ?? quote.prices[0];
  if (terms) {
    heading(w.formula(terms.quantity));
    line(
      w.stock,
      `${number(terms.stockVolumeCm3)} cm³ × ${number(terms.materialCentsPerCm3 / 100, 4)} $/cm³ = ${money(terms.materialCents)}`,
    );
    const tolerance = terms.toleranceFactor === 1 ? '' : ` × ${number(terms.toleranceFactor)}`;
    line(
      w.machining,
      `${number(terms.removedVolumeCm3)} cm³ → ${number(terms.machineHours, 3)} h${tolerance} × ${money(terms.shopCentsPerHour)}/h = ${money(terms.machiningCents)}`,
    );
    line(
      w.setup,
      `${money(terms.setupCents)} ÷ ${number(terms.quantity, 0)} = ${money(terms.setupPerPartCents)}`,
    );
    line(w.finishTerm, money(terms.finishCents));
    if (terms.leadTimeFactor !== 1) line(w.expedited, `× ${number(terms.leadTimeFactor)}`);
    doc.font('bold');
    line(w.unit, money(terms.unitCents));
    doc.font('regular');
  }

  heading(w.notes);
  if (quote.notes.length === 0) doc.text(w.noNotes, MARGIN);
  for (const note of quote.notes) doc.text(`• ${pick(dfmNotes[note])}`, MARGIN);

  doc.moveDown();
  if (quote.prices.length > 0) doc.text(w.rates(quote.ratesEffectiveFrom), MARGIN);
  doc.fontSize(8).text(w.fine, MARGIN);
  doc.end();
  return done;
}
