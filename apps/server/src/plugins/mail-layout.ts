import type Mjml from 'mjml';
import type { MailProvider } from './messaging';

/**
 * MJML (with juice and cheerio) is the largest import of the server: not loaded with this module, so each server
 * test file that sends no e-mail does not pay for it. A server process loads it before it listens
 * (`preloadMailLayout`, decision 341).
 */
let mjml: Promise<{ default: typeof Mjml }> | undefined;
const loadMjml = () => (mjml ??= import('mjml'));

/**
 * Loads MJML and renders one e-mail, for `main.ts` to await before the server listens (decision 341): loading it is
 * 0.4–0.5 s of synchronous work on the event loop, which the first e-mail after a start (a sign-up's verification,
 * an accepted invoice's notice) otherwise did in the middle of live traffic, holding every request in flight.
 */
export async function preloadMailLayout(): Promise<void> {
  await renderMail({
    subject: 'MapleSource',
    preview: 'MapleSource',
    footer: 'MapleSource',
    sections: [{ lang: 'en-CA', heading: 'MapleSource', paragraphs: ['MapleSource'] }],
  });
}

/**
 * One e-mail's content in one language (decision 260): what the HTML part and the plain-text part both say, in the
 * same order. Text is plain text here; the layout escapes it for the HTML part.
 */
export interface MailSection {
  /** `lang` of the section's HTML (fr-CA or en-CA). */
  lang: 'en-CA' | 'fr-CA';
  heading: string;
  paragraphs: string[];
  /** A label–value table (amounts, taxes, tax numbers), printed as aligned lines in the text part. */
  rows?: Array<{ label: string; value: string; strong?: boolean }>;
  /** The one call to action: a button in HTML, "label: url" in text. */
  action?: { label: string; url: string };
}

export interface MailContent {
  subject: string;
  /** Shown by mail clients beside the subject. */
  preview: string;
  /** One section per language, the document's first (a Quebec document is French first). */
  sections: MailSection[];
  footer: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Only http(s) links reach a button (a template never builds another kind; this keeps it so). */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`Not a web link: ${url}`);
  return parsed.toString();
}

const brand = '#b3261e';

function sectionMjml(section: MailSection, first: boolean): string {
  const parts: string[] = [];
  if (!first) parts.push('<mj-divider border-width="1px" border-color="#dddddd" />');
  parts.push(
    `<mj-text css-class="lang-${section.lang}" font-size="20px" font-weight="700" line-height="28px">` +
      `<span lang="${section.lang}">${escapeHtml(section.heading)}</span></mj-text>`,
  );
  for (const paragraph of section.paragraphs)
    parts.push(`<mj-text><span lang="${section.lang}">${escapeHtml(paragraph)}</span></mj-text>`);
  if (section.rows?.length) {
    const rows = section.rows
      .map(
        (row) =>
          `<tr${row.strong ? ' style="font-weight:700"' : ''}>` +
          `<td style="padding:4px 0">${escapeHtml(row.label)}</td>` +
          `<td style="padding:4px 0;text-align:right">${escapeHtml(row.value)}</td></tr>`,
      )
      .join('');
    parts.push(`<mj-table font-size="14px" line-height="20px">${rows}</mj-table>`);
  }
  if (section.action)
    parts.push(
      `<mj-button background-color="${brand}" color="#ffffff" font-weight="700" href="${escapeHtml(
        safeUrl(section.action.url),
      )}">${escapeHtml(section.action.label)}</mj-button>`,
    );
  return parts.join('\n');
}

function sectionText(section: MailSection): string {
  const lines = [section.heading, '', ...section.paragraphs.flatMap((p) => [p, ''])];
  if (section.rows?.length) {
    const width = Math.max(...section.rows.map((row) => row.label.length));
    for (const row of section.rows) lines.push(`${row.label.padEnd(width)}  ${row.value}`);
    lines.push('');
  }
  if (section.action) lines.push(`${section.action.label}: ${safeUrl(section.action.url)}`, '');
  return lines.join('\n').trimEnd();
}

/**
 * Renders an e-mail from its content with MJML (decision 260): responsive HTML that mail clients show alike, and
 * the plain-text part from the same content. MJML runs in strict validation: a template error fails the render
 * (and its test), never a half-built e-mail.
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const lang = content.sections[0]?.lang ?? 'en-CA';
  const body = content.sections.map((section, i) => sectionMjml(section, i === 0)).join('\n');
  const source = `<mjml lang="${lang}">
  <mj-head>
    <mj-title>${escapeHtml(content.subject)}</mj-title>
    <mj-preview>${escapeHtml(content.preview)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1f1f1f" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="${brand}" padding="16px 24px">
      <mj-column><mj-text color="#ffffff" font-size="18px" font-weight="700">MapleSource</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 8px">
      <mj-column>
${body}
      </mj-column>
    </mj-section>
    <mj-section padding="12px 24px">
      <mj-column><mj-text font-size="12px" color="#555555">${escapeHtml(content.footer)}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await loadMjml();
  const result = await mjml2html(source, { validationLevel: 'strict' });
  if (result.errors.length > 0)
    throw new Error(`MJML: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
  const text = [...content.sections.map(sectionText), content.footer].join('\n\n----\n\n');
  return { subject: content.subject, text: `${text}\n`, html: result.html };
}

/**
 * The HTML part of a text e-mail written as lines (the verification links, the offline chat digest): each line a
 * paragraph, the line that carries the link replaced by a button, in the same layout as the business e-mails.
 */
export async function htmlOfTextMail(input: {
  language: 'en' | 'fr';
  subject: string;
  body: string;
  link?: string;
  actionLabel?: string;
}): Promise<string> {
  const lines = input.body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const paragraphs = input.link
    ? lines
        .map((line) =>
          line.endsWith(input.link!) ? line.slice(0, -input.link!.length).replace(/[\s:]+$/, '') : line,
        )
        .filter(Boolean)
    : lines;
  const fr = input.language === 'fr';
  const rendered = await renderMail({
    subject: input.subject,
    preview: paragraphs[0] ?? input.subject,
    sections: [
      {
        lang: fr ? 'fr-CA' : 'en-CA',
        heading: input.subject,
        paragraphs,
        ...(input.link
          ? { action: { label: input.actionLabel ?? (fr ? 'Ouvrir' : 'Open'), url: input.link } }
          : {}),
      },
    ],
    footer: fr ? 'MapleSource, le marché B2B canadien.' : 'MapleSource, the Canadian B2B marketplace.',
  });
  return rendered.html;
}

/**
 * Sends a text e-mail that carries one link (verification, security notice) with its HTML part from
 * `htmlOfTextMail`: the text body as written, the link also as a button labelled `actionLabel`.
 */
export async function sendLinkMail(
  mail: Pick<MailProvider, 'send'>,
  input: {
    to: string;
    language: 'en' | 'fr';
    subject: string;
    body: string;
    link: string;
    actionLabel: string;
  },
): Promise<void> {
  const html = await htmlOfTextMail({
    language: input.language,
    subject: input.subject,
    body: input.body,
    link: input.link,
    actionLabel: input.actionLabel,
  });
  await mail.send(input.to, input.subject, input.body, { link: input.link, html });
}

/** An e-mail-address verification link (an account's, a career application's), its button "Confirm my e-mail". */
export function sendVerificationMail(
  mail: Pick<MailProvider, 'send'>,
  input: {
    to: string;
    language: 'en' | 'fr';
    link: string;
    text: { subject: string; body: (link: string) => string };
  },
): Promise<void> {
  const { to, language, link, text } = input;
  const actionLabel = language === 'fr' ? 'Confirmer mon courriel' : 'Confirm my e-mail';
  return sendLinkMail(mail, {
    to,
    language,
    subject: text.subject,
    body: text.body(link),
    link,
    actionLabel,
  });
}
