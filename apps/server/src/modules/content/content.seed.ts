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
      // SEO entries exist per language (decision 249): the French pages' own.
      {
        path: '/fr',
        code: `<title>MapleSource – Achetez canadien : le carrefour B2B des fabricants et fournisseurs</title>
<meta name="description" content="Approvisionnez-vous auprès de plus de 5 000 fabricants, fournisseurs et prestataires industriels canadiens. Demandez des devis, négociez par messagerie et payez en CAD.">
<link rel="canonical" href="${origin}/fr">`,
      },
      {
        path: '/fr/products',
        code: `<title>Produits canadiens pour les acheteurs d’entreprise | MapleSource</title>
<meta name="description" content="Parcourez des produits industriels et commerciaux fabriqués au Canada. Comparez les fournisseurs, les délais et les prix par palier, puis demandez un devis.">`,
      },
      {
        path: '/fr/sellers',
        code: `<title>Répertoire des fabricants et fournisseurs canadiens | MapleSource</title>
<meta name="description" content="Plus de 5 000 vitrines canadiennes : fabricants, distributeurs et prestataires de services industriels, par province et par catégorie.">`,
      },
      {
        path: '/fr/blogs',
        code: `<title>Blogue MapleSource : s’approvisionner au Canada</title>
<meta name="description" content="Des guides pratiques pour s’approvisionner auprès de fabricants canadiens : devis, délais, tarifs douaniers et logistique.">`,
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
