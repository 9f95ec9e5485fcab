/**
 * The PDF thread's entry (decision 342): `renderPdfInWorker` (plugins/pdf-pool.ts) sends `{ renderer, input }`, this
 * draws the document with PDFKit and answers its bytes, transferred. A thread entry like main.ts, it names the
 * renderers' drawing functions themselves, not their modules' doors: the thread loads PDFKit and the layouts, not
 * the modules' plugins, routes and SQL.
 */
import Tinypool from 'tinypool';
import { drawInvoicePdf } from './modules/invoices/invoice-pdf';
import { drawOrderDocumentPdf } from './modules/invoices/order-document-pdf';
import { drawCncQuotePdf } from './modules/cnc-quotes/operations/render-cnc-quote-pdf';
import { drawStatementPdf } from './flows/seller-balance/statement-pdf';
import type { PdfRendererName } from './plugins/pdf-pool';

type Renderer = (input: never) => Promise<Buffer>;

const renderers: Record<PdfRendererName, Renderer> = {
  invoice: drawInvoicePdf,
  'order-document': drawOrderDocumentPdf,
  'cnc-quote': drawCncQuotePdf,
  'seller-statement': drawStatementPdf,
};

export default async function renderPdf(task: { renderer: PdfRendererName; input: never }) {
  const renderer = renderers[task.renderer];
  if (!renderer) throw new Error(`No PDF renderer named ${String(task.renderer)}`);
  const pdf = await renderer(task.input);
  // Buffer.concat gives a document its own ArrayBuffer (PDFs are far above Node's 4 KB buffer pool); bytes that share
  // one are copied first, so transferring them cannot detach memory other buffers use.
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
  return Tinypool.move(own ? new Uint8Array(pdf.buffer, 0, pdf.byteLength) : new Uint8Array(pdf));
}
