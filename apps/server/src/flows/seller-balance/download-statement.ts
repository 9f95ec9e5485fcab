import type { FastifyInstance, FastifyReply } from 'fastify';
import { dateInTimeZone } from '@maplesource/contracts';
import { sendCsv, spreadsheetText, type CsvCell } from '../../plugins/csv-export';
import { sendPdf } from '../../modules/invoices';
import type { SellerStatement } from '../../modules/ledger';
import { statementPdf } from './statement-pdf';
import {
  kindName,
  plainAmount,
  statementLabels,
  statementRequest,
  type StatementLanguage,
} from './statement-text';

/** The statement's rows under its header: the opening balance, each entry, the closing balance. */
async function* statementRecords(
  statement: SellerStatement,
  language: StatementLanguage,
): AsyncGenerator<CsvCell[]> {
  const words = statementLabels[language];
  yield ['', '', spreadsheetText(words.opening), '', plainAmount(statement.openingCents)];
  for (const line of statement.lines)
    yield [
      dateInTimeZone(new Date(line.createdAt), 'America/Toronto'),
      line.orderId,
      spreadsheetText(kindName(line.kind, language)),
      plainAmount(line.amountCents),
      plainAmount(line.balanceAfterCents),
    ];
  yield ['', '', spreadsheetText(words.closing), '', plainAmount(statement.closingCents)];
}

/**
 * A seller’s monthly statement (docs/product.md §9, decision 300) as CSV or PDF, `file` naming the month and format
 * (`2026-11.csv`); the caller has already checked that the storefront is the seller's own.
 */
export async function downloadStatement(
  app: FastifyInstance,
  reply: FastifyReply,
  input: { sellerId: string; file: string; language: StatementLanguage; now: Date },
) {
  const { month, format } = statementRequest(input.file, input.now);
  const statement = await app.ledger.sellerStatement(app.db, input.sellerId, month);
  const filename = `statement-${input.sellerId}-${month}.${format}`;
  if (format === 'csv')
    return sendCsv(reply, {
      filename,
      header: statementLabels[input.language].header,
      records: statementRecords(statement, input.language),
    });
  const { name } = await app.sellers.getSeller(app.db, input.sellerId);
  return sendPdf(reply, filename, await statementPdf(statement, name, input.language));
}
