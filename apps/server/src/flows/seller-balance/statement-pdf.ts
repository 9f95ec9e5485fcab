import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { dateInTimeZone, formatCad } from '@maplesource/contracts';
import type { SellerStatement } from '../../modules/ledger';
import { renderPdfInWorker } from '../../plugins/pdf-pool';
import { kindName, statementLabels, type StatementLanguage } from './statement-text';

const require = createRequire(import.meta.url);
const fontRegular = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const fontBold = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
/** Left edge of each column: date, order, entry, amount, balance (Letter is 612 points wide). */
const columns = [MARGIN, 120, 250, 400, 480];
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const money = (cents: number, language: StatementLanguage) => plainSpaces(formatCad(cents, language));

/** A seller's monthly statement as a PDF (Letter, DejaVu Sans embedded so French accents print and copy right). */
export function statementPdf(
  statement: SellerStatement,
  storefrontName: string,
  language: StatementLanguage,
): Promise<Buffer> {
  // Drawn in the PDF thread (decision 342): the event loop serves other requests meanwhile.
  return renderPdfInWorker('seller-statement', { statement, storefrontName, language });
}

/** Draws the statement with PDFKit: run in the PDF thread (`pdf-worker.ts`). */
export function drawStatementPdf({
  statement,
  storefrontName,
  language,
}: {
  statement: SellerStatement;
  storefrontName: string;
  language: StatementLanguage;
}): Promise<Buffer> {
  const words = statementLabels[language];
  const colon = language === 'fr' ? ' :' : ':';
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    lang: language === 'fr' ? 'fr-CA' : 'en-CA',
    info: { Title: `${words.title} ${statement.month}`, Author: 'MapleSource' },
  });
  doc.registerFont('regular', fontRegular);
  doc.registerFont('bold', fontBold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(16).text(words.title);
  doc.font('regular').fontSize(10).text(storefrontName);
  doc.text(`${words.month}${colon} ${statement.month}`);
  doc.moveDown();
  doc.text(`${words.opening}${colon} ${money(statement.openingCents, language)}`);
  doc.moveDown();

  const row = (cells: string[], font: 'regular' | 'bold') => {
    if (doc.y > doc.page.height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const width = (columns[index + 1] ?? doc.page.width - MARGIN) - columns[index]! - 6;
      doc.text(cell, columns[index]!, y, { width, lineBreak: false, ellipsis: true });
    });
    doc.x = MARGIN;
    doc.y = y + 16;
  };
  row([...words.header], 'bold');
  if (statement.lines.length === 0) row([words.noEntries], 'regular');
  for (const line of statement.lines)
    row(
      [
        dateInTimeZone(new Date(line.createdAt), 'America/Toronto'),
        line.orderId ? line.orderId.slice(0, 8).toUpperCase() : '',
        kindName(line.kind, language),
        money(line.amountCents, language),
        money(line.balanceAfterCents, language),
      ],
      'regular',
    );
  doc.moveDown();
  doc
    .font('bold')
    .fontSize(10)
    .text(`${words.closing}${colon} ${money(statement.closingCents, language)}`, MARGIN);
  doc.moveDown();
  doc.font('regular').fontSize(8).text(words.note, MARGIN);
  doc.end();
  return done;
}
