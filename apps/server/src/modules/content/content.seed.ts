import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { saveGlobalParagraph, saveSeoEntry } from './content.service';

const system = { userId: null };

/** A few SEO entries and listing-page paragraphs (deterministic). */
export const contentSeedStep = {
  name: 'content: SEO entries and global paragraphs',
  async run({ database, config }: { database: Database; config: AppConfig }): Promise<void> {
    const origin = config.PUBLIC_URL;
    const entries: Array<{ path: string; code: string }> = [
      {
        path: '/',
        code: `<title>MapleSource – Buy Canadian: the B2B hub for manufacturers and suppliers</title>
<meta name="description" content="Source from over 5,000 Canadian manufacturers, suppliers and industrial service providers. Request quotations, negotiate in chat and pay in CAD.">
<link rel="canonical" href="${origin}/">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"MapleSource Inc.","url":"${origin}/","address":{"@type":"PostalAddress","streetAddress":"100 King Street West, Suite 5600","addressLocality":"Toronto","addressRegion":"ON","postalCode":"M5X 1C9","addressCountry":"CA"}}</script>`,
      },
      {
        path: '/products',
        code: `<title>Canadian products for business buyers | MapleSource</title>
<meta name="description" content="Browse industrial and commercial products made in Canada. Compare suppliers, lead times and price tiers, then request a quote.">`,
      },
      {
        path: '/sellers',
        code: `<title>Directory of Canadian manufacturers and suppliers | MapleSource</title>
<meta name="description" content="Over 5,000 Canadian storefronts: manufacturers, distributors and industrial service providers, by province and category.">`,
      },
      {
        path: '/blogs',
        code: `<title>MapleSource blog: sourcing in Canada</title>
<meta name="description" content="Practical guides to sourcing from Canadian manufacturers: quotations, lead times, tariffs and logistics.">
<link rel="canonical" href="${origin}/">`,
      },
    ];
    for (const entry of entries) await saveSeoEntry(database.db, system, entry);

    const paragraphs = [
      {
        path: '/products',
        textEn:
          'Every product on MapleSource comes from a business operating in Canada. Request a quotation to negotiate price, quantity and delivery directly with the seller.',
        textFr:
          'Chaque produit sur MapleSource provient d’une entreprise exerçant ses activités au Canada. Demandez un devis pour négocier le prix, la quantité et la livraison directement avec le vendeur.',
      },
      {
        path: '/services',
        textEn:
          'Find machining, fabrication, finishing, engineering and logistics services from Canadian providers, and compare quotes in one place.',
        textFr:
          'Trouvez des services d’usinage, de fabrication, de finition, d’ingénierie et de logistique offerts par des prestataires canadiens, et comparez les devis au même endroit.',
      },
      {
        path: '/sellers',
        textEn:
          'Storefronts marked verified belong to registered Canadian businesses whose details we have checked.',
        textFr:
          'Les vitrines marquées comme vérifiées appartiennent à des entreprises canadiennes enregistrées dont nous avons contrôlé les renseignements.',
      },
    ];
    for (const paragraph of paragraphs) await saveGlobalParagraph(database.db, system, paragraph);
  },
};
