import { blogs, heroSettings, landingFeatures } from '../modules/content/blogs.tables';
import { SEED_BASE_DATE, prng, slugify } from './catalog';
import type { SeedContext, SeedStep } from './index';

/** Landing page hero, features and ≥ 30 bilingual blog posts. Deterministic. */

/** [titleEn, titleFr, category, topicEn, topicFr] */
const posts: [string, string, string, string, string][] = [
  [
    'How to Source Aluminum Extrusions in Canada',
    'Comment s’approvisionner en extrusions d’aluminium au Canada',
    'sourcing',
    'aluminum extrusions',
    'les extrusions d’aluminium',
  ],
  [
    'Made in Canada vs Product of Canada: What the Labels Mean',
    'Fabriqué au Canada ou Produit du Canada : que veulent dire ces mentions?',
    'buy-canadian',
    'Canadian origin labels',
    'les mentions d’origine canadienne',
  ],
  [
    'Writing an RFQ Suppliers Will Answer',
    'Rédiger une demande de prix à laquelle les fournisseurs répondront',
    'sourcing',
    'requests for quotation',
    'les demandes de prix',
  ],
  [
    'Choosing a CNC Machine Shop: 7 Questions to Ask',
    'Choisir un atelier d’usinage CNC : 7 questions à poser',
    'manufacturing',
    'CNC machining',
    'l’usinage CNC',
  ],
  [
    'Understanding Tolerances for Machined Parts',
    'Comprendre les tolérances des pièces usinées',
    'manufacturing',
    'machining tolerances',
    'les tolérances d’usinage',
  ],
  [
    'Sustainable Packaging Options for Canadian Brands',
    'Emballages durables pour les marques canadiennes',
    'packaging',
    'sustainable packaging',
    'l’emballage durable',
  ],
  [
    'Shipping Freight Across Canada: LTL vs FTL',
    'Expédier des marchandises au Canada : groupage ou charge complète',
    'logistics',
    'freight shipping',
    'le transport de marchandises',
  ],
  [
    'CUSMA Rules of Origin for Manufacturers',
    'Les règles d’origine de l’ACEUM pour les fabricants',
    'trade',
    'CUSMA rules of origin',
    'les règles d’origine de l’ACEUM',
  ],
  [
    'Buying Steel in a Volatile Market',
    'Acheter de l’acier dans un marché volatil',
    'sourcing',
    'steel purchasing',
    'l’achat d’acier',
  ],
  [
    'A Buyer’s Guide to Powder Coating',
    'Guide de l’acheteur sur la peinture en poudre',
    'manufacturing',
    'powder coating',
    'la peinture en poudre',
  ],
  [
    'What Is a CWB Certified Welder?',
    'Qu’est-ce qu’un soudeur certifié CWB?',
    'manufacturing',
    'welding certification',
    'la certification en soudage',
  ],
  [
    'Bilingual Labelling Requirements in Canada',
    'Exigences d’étiquetage bilingue au Canada',
    'compliance',
    'bilingual labelling',
    'l’étiquetage bilingue',
  ],
  [
    'How Quantity Price Tiers Work',
    'Comment fonctionnent les prix par palier de quantité',
    'sourcing',
    'quantity price tiers',
    'les prix par palier',
  ],
  [
    'Lead Time vs Delivery Time: Planning Your Orders',
    'Délai de fabrication et délai de livraison : planifier vos commandes',
    'logistics',
    'lead times',
    'les délais',
  ],
  [
    'Food-Grade Equipment and CFIA Requirements',
    'Équipement de qualité alimentaire et exigences de l’ACIA',
    'compliance',
    'food-grade equipment',
    'l’équipement alimentaire',
  ],
  [
    'The Rise of EV Component Manufacturing in Ontario and Quebec',
    'L’essor de la fabrication de composants de VE en Ontario et au Québec',
    'industry',
    'EV components',
    'les composants de véhicules électriques',
  ],
  [
    'Mass Timber: Building with Cross-Laminated Timber',
    'Le bois massif : construire en bois lamellé-croisé',
    'industry',
    'mass timber',
    'le bois massif',
  ],
  [
    'Choosing Workwear That Meets CSA Standards',
    'Choisir des vêtements de travail conformes aux normes CSA',
    'safety',
    'CSA workwear',
    'les vêtements de travail CSA',
  ],
  [
    'Fall Protection Basics for Industrial Sites',
    'Les bases de la protection contre les chutes sur les sites industriels',
    'safety',
    'fall protection',
    'la protection contre les chutes',
  ],
  [
    'How to Vet a New Supplier',
    'Comment évaluer un nouveau fournisseur',
    'sourcing',
    'supplier vetting',
    'l’évaluation des fournisseurs',
  ],
  [
    'Reading a Technical Specification Sheet',
    'Lire une fiche de spécifications techniques',
    'sourcing',
    'specification sheets',
    'les fiches techniques',
  ],
  [
    'Injection Moulding Costs Explained',
    'Les coûts du moulage par injection expliqués',
    'manufacturing',
    'injection moulding',
    'le moulage par injection',
  ],
  [
    'Warehousing Options for Growing Businesses',
    'Options d’entreposage pour les entreprises en croissance',
    'logistics',
    'warehousing',
    'l’entreposage',
  ],
  [
    'Negotiating an Invoice with Your Supplier',
    'Négocier une facture avec votre fournisseur',
    'sourcing',
    'invoice negotiation',
    'la négociation de factures',
  ],
  [
    'Maple Syrup: From Sugar Bush to Bulk Buyer',
    'Le sirop d’érable : de l’érablière à l’acheteur en vrac',
    'industry',
    'bulk maple syrup',
    'le sirop d’érable en vrac',
  ],
  [
    'Industrial Lighting Upgrades That Pay Back',
    'Des mises à niveau d’éclairage industriel rentables',
    'industry',
    'LED lighting upgrades',
    'l’éclairage DEL',
  ],
  [
    'Hydraulic Maintenance Checklist',
    'Liste de vérification de l’entretien hydraulique',
    'maintenance',
    'hydraulic maintenance',
    'l’entretien hydraulique',
  ],
  [
    'Why Buy Canadian? Resilience in Supply Chains',
    'Pourquoi acheter canadien? La résilience des chaînes d’approvisionnement',
    'buy-canadian',
    'buying Canadian',
    'l’achat canadien',
  ],
  [
    'Customs Brokers: When You Need One',
    'Courtiers en douane : quand en avoir besoin',
    'trade',
    'customs brokerage',
    'le courtage en douane',
  ],
  [
    'First Article Inspection Explained',
    'L’inspection du premier article expliquée',
    'quality',
    'first article inspection',
    'l’inspection du premier article',
  ],
  [
    'ISO 9001 for Small Manufacturers',
    'ISO 9001 pour les petits fabricants',
    'quality',
    'ISO 9001',
    'ISO 9001',
  ],
  [
    'Pallets, Crates and ISPM 15 for Export',
    'Palettes, caisses et NIMP 15 pour l’exportation',
    'packaging',
    'export packaging',
    'l’emballage d’exportation',
  ],
  [
    'Claiming Your Storefront on MapleSource',
    'Réclamer votre vitrine sur MapleSource',
    'marketplace',
    'storefront claims',
    'la réclamation de vitrines',
  ],
  [
    'Trends in Canadian Manufacturing for 2026',
    'Tendances de la fabrication canadienne pour 2026',
    'industry',
    'Canadian manufacturing',
    'la fabrication canadienne',
  ],
];

function bodyEn(topic: string, title: string) {
  return `## Why it matters

Canadian buyers ask us about ${topic} every week. This guide gathers what experienced procurement teams look at before they send an inquiry.

## What to check

- The supplier's certifications and the standards they work to (CSA, ISO, CWB).
- Minimum order quantity, quantity price tiers and lead time.
- Where the work is done: *Made in Canada* and *Product of Canada* mean different things.
- Warranty, support and who answers in English and in French.

## Next steps

Compare three verified sellers on MapleSource, send each the same inquiry, and negotiate in chat before you accept an invoice. ${title} is part of our buyer's library.`;
}

function bodyFr(topic: string, title: string) {
  return `## Pourquoi c'est important

Des acheteurs canadiens nous posent chaque semaine des questions sur ${topic}. Ce guide réunit ce que les équipes d'approvisionnement expérimentées vérifient avant d'envoyer une demande.

## Ce qu'il faut vérifier

- Les certifications du fournisseur et les normes qu'il respecte (CSA, ISO, CWB).
- La quantité minimale, les prix par palier et le délai de fabrication.
- Le lieu de fabrication : *Fabriqué au Canada* et *Produit du Canada* ne veulent pas dire la même chose.
- La garantie, le soutien et qui répond en français et en anglais.

## Prochaines étapes

Comparez trois vendeurs vérifiés sur MapleSource, envoyez à chacun la même demande et négociez dans le clavardage avant d'accepter une facture. « ${title} » fait partie de la bibliothèque de l'acheteur.`;
}

export async function seedContentHomeBlogs(context: SeedContext) {
  const db = context.database.db;
  const random = prng(31_337);
  await context.database.exec('TRUNCATE blogs, landing_features, hero_settings RESTART IDENTITY;');
  await db.insert(heroSettings).values({
    id: 1,
    titleEn: 'Buy Canadian. The B2B hub for Canadian manufacturers and suppliers.',
    titleFr: 'Achetez canadien. Le carrefour B2B des fabricants et fournisseurs canadiens.',
    subtitleEn:
      'Find verified manufacturers, suppliers and industrial service providers in every province and territory.',
    subtitleFr:
      'Trouvez des fabricants, fournisseurs et prestataires de services industriels vérifiés dans chaque province et territoire.',
    ctaLabelEn: 'Browse products',
    ctaLabelFr: 'Parcourir les produits',
    ctaPath: '/products',
    imageUrl: '/api/v1/media/hero.svg',
  });
  await db.insert(landingFeatures).values([
    {
      icon: 'maple-leaf',
      position: 1,
      titleEn: 'Canadian first',
      titleFr: 'Le Canada d’abord',
      bodyEn: 'Filter by Made in Canada and Product of Canada.',
      bodyFr: 'Filtrez par Fabriqué au Canada et Produit du Canada.',
    },
    {
      icon: 'badge-check',
      position: 2,
      titleEn: 'Verified sellers',
      titleFr: 'Vendeurs vérifiés',
      bodyEn: 'Verified badges show businesses we have checked.',
      bodyFr: 'Le badge vérifié signale les entreprises que nous avons contrôlées.',
    },
    {
      icon: 'chat',
      position: 3,
      titleEn: 'Quote and negotiate',
      titleFr: 'Demandez et négociez',
      bodyEn: 'Send inquiries and negotiate in real-time chat.',
      bodyFr: 'Envoyez des demandes et négociez en clavardage en direct.',
    },
    {
      icon: 'lock',
      position: 4,
      titleEn: 'Secure payment in CAD',
      titleFr: 'Paiement sécurisé en CAD',
      bodyEn: 'Accept invoices and pay by card, in Canadian dollars.',
      bodyFr: 'Acceptez les factures et payez par carte, en dollars canadiens.',
    },
  ]);
  const base = Date.parse(SEED_BASE_DATE);
  await db.insert(blogs).values(
    posts.map(([titleEn, titleFr, category, topicEn, topicFr], index) => {
      const slug = slugify(titleEn);
      return {
        slug,
        titleEn,
        titleFr,
        excerptEn: `A practical guide to ${topicEn} for Canadian B2B buyers.`,
        excerptFr: `Un guide pratique sur ${topicFr} pour les acheteurs B2B canadiens.`,
        bodyEn: bodyEn(topicEn, titleEn),
        bodyFr: bodyFr(topicFr, titleFr),
        category,
        coverUrl: `/api/v1/media/blog/${slug}.svg`,
        readingMinutes: random.int(3, 9),
        publishedAt: new Date(base - index * 5 * 86_400_000 - random.int(0, 20_000_000)),
        createdAt: new Date(base - index * 5 * 86_400_000 - 30_000_000),
      };
    }),
  );
  context.log(`seed: content: ${posts.length} blog posts, hero, ${4} landing features`);
}

export const contentHomeBlogsSeedStep: SeedStep = {
  name: 'landing page and blogs',
  run: seedContentHomeBlogs,
};
