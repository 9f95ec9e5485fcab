import { describe, expect, it } from 'vitest';
import { preloadMailLayout, renderMail } from './mail-layout';

describe('the mail layout loaded before the server listens (decision 341)', () => {
  it('loads MJML and renders its own e-mail without a validation error, so a start never fails on it', async () => {
    await expect(preloadMailLayout()).resolves.toBeUndefined();
  });

  it('leaves the next e-mail rendered as before: strict MJML, the HTML and the text from the same content', async () => {
    await preloadMailLayout();
    const mail = await renderMail({
      subject: 'Invoice INV-1 accepted',
      preview: 'Your buyer accepted the invoice',
      footer: 'MapleSource',
      sections: [
        { lang: 'fr-CA', heading: 'Facture acceptée', paragraphs: ['Votre acheteur a accepté la facture.'] },
        { lang: 'en-CA', heading: 'Invoice accepted', paragraphs: ['Your buyer accepted the invoice.'] },
      ],
    });
    expect(mail.html).toContain('<html lang="fr-CA"');
    expect(mail.html).toContain('Votre acheteur a accepté la facture.');
    expect(mail.text).toContain('Facture acceptée');
    expect(mail.text.indexOf('Facture acceptée')).toBeLessThan(mail.text.indexOf('Invoice accepted'));
  });
});
