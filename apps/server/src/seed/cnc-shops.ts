import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ProvinceCode } from '@maplesource/contracts';
import { rowsOf } from '../db/transaction';
import { hashPassword } from '../modules/auth/passwords';
import { createUserService } from '../modules/auth/users.service';
import { sellers } from '../modules/sellers/sellers.tables';
import { SEED_BASE_DATE } from './catalog';
import { DEMO_ACCOUNTS } from './demo-accounts';
import type { SeedStep } from './index';

/**
 * The top product category a request for firm CNC quotes is sent in (decision 325's `cnc-machining`): a seeded shop
 * has it as its primary category, as the RFQ matching reads it (decision 298).
 */
const CNC_CATEGORY_SLUG = 'cnc-machining';

interface CncShop {
  ownerId: string;
  ownerName: string;
  ownerPhone: string;
  slug: string;
  name: string;
  province: ProvinceCode;
  city: string;
  postalCode: string;
  /** The provinces it takes requests from (its own first), as a storefront's owner sets them (decision 261). */
  serves: ProvinceCode[];
  year: number;
  employees: string;
  certifications: string[];
  /** What it machines, for the descriptions: English, French. */
  specialty: [string, string];
}

/**
 * Claimed, verified CNC machining shops across the country (decision 330), so a demo request for firm quotes finds
 * shops: Ontario's three, Quebec's two, and shops in Manitoba, Alberta, British Columbia and Nova Scotia. The
 * first is the demo account `cnc@demo.maplesource.ca` (README), which a reviewer logs in as to answer.
 */
export const CNC_SHOPS: readonly CncShop[] = [
  {
    ownerId: DEMO_ACCOUNTS.cncShop.id,
    ownerName: DEMO_ACCOUNTS.cncShop.fullName,
    ownerPhone: DEMO_ACCOUNTS.cncShop.phoneNumber,
    slug: 'lakeshore-precision-machining-inc',
    name: 'Lakeshore Precision Machining Inc.',
    province: 'ON',
    city: 'Mississauga',
    postalCode: 'L5T 2N7',
    serves: ['ON', 'QC'],
    year: 1994,
    employees: '51-200',
    certifications: ['ISO 9001:2015', 'CGP (Controlled Goods Program)'],
    specialty: [
      '3- and 5-axis milling and CNC turning of aluminium, stainless steel and engineering plastics',
      'le fraisage 3 et 5 axes et le tournage CNC de l’aluminium, de l’acier inoxydable et des plastiques techniques',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c002',
    ownerName: 'Daniel Kowalski',
    ownerPhone: '+12895550112',
    slug: 'hamilton-bay-cnc-ltd',
    name: 'Hamilton Bay CNC Ltd.',
    province: 'ON',
    city: 'Hamilton',
    postalCode: 'L8E 3B2',
    serves: ['ON'],
    year: 2003,
    employees: '11-50',
    certifications: ['ISO 9001:2015'],
    specialty: [
      'production runs of steel and stainless parts on horizontal machining centres',
      'les séries de pièces en acier et en inox sur centres d’usinage horizontaux',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c003',
    ownerName: 'Marie-Ève Côté',
    ownerPhone: '+14505550113',
    slug: 'atelier-d-usinage-saint-laurent-inc',
    name: 'Atelier d’usinage Saint-Laurent inc.',
    province: 'QC',
    city: 'Laval',
    postalCode: 'H7L 4R9',
    serves: ['QC', 'ON', 'NB'],
    year: 1987,
    employees: '11-50',
    certifications: ['ISO 9001:2015', 'AS9100D'],
    specialty: [
      'aerospace-grade aluminium 7075 and brass parts to tight tolerances',
      'les pièces d’aluminium 7075 et de laiton de qualité aérospatiale à tolérances serrées',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c004',
    ownerName: 'Gabriel Fortin',
    ownerPhone: '+14185550114',
    slug: 'usinage-precision-beauce-ltee',
    name: 'Usinage Précision Beauce ltée',
    province: 'QC',
    city: 'Québec',
    postalCode: 'G1K 3A9',
    serves: ['QC'],
    year: 2009,
    employees: '1-10',
    certifications: [],
    specialty: [
      'prototypes and short runs in POM, nylon and ABS',
      'les prototypes et petites séries en POM, nylon et ABS',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c005',
    ownerName: 'Harpreet Sandhu',
    ownerPhone: '+12045550115',
    slug: 'prairie-axis-machine-works-ltd',
    name: 'Prairie Axis Machine Works Ltd.',
    province: 'MB',
    city: 'Winnipeg',
    postalCode: 'R2J 3S8',
    serves: ['MB', 'SK'],
    year: 1998,
    employees: '11-50',
    certifications: ['ISO 9001:2015'],
    specialty: [
      'agricultural equipment parts in mild steel and aluminium',
      'les pièces de machinerie agricole en acier doux et en aluminium',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c006',
    ownerName: 'Colin Fraser',
    ownerPhone: '+14035550116',
    slug: 'foothills-cnc-manufacturing-inc',
    name: 'Foothills CNC Manufacturing Inc.',
    province: 'AB',
    city: 'Calgary',
    postalCode: 'T2E 7H7',
    serves: ['AB', 'BC', 'SK'],
    year: 2001,
    employees: '51-200',
    certifications: ['ISO 9001:2015', 'API Spec Q1'],
    specialty: [
      'stainless 316 valve and fitting parts for the energy sector',
      'les pièces de vannes et de raccords en inox 316 pour le secteur de l’énergie',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c007',
    ownerName: 'Mei Lin Wong',
    ownerPhone: '+16045550117',
    slug: 'fraser-river-precision-ltd',
    name: 'Fraser River Precision Ltd.',
    province: 'BC',
    city: 'Surrey',
    postalCode: 'V3S 8G8',
    serves: ['BC', 'AB'],
    year: 2012,
    employees: '11-50',
    certifications: ['ISO 13485:2016'],
    specialty: [
      'medical-device components in stainless steel and POM',
      'les composants de dispositifs médicaux en inox et en POM',
    ],
  },
  {
    ownerId: '00000000-0000-4000-8000-00000000c008',
    ownerName: 'Siobhan MacLeod',
    ownerPhone: '+19025550118',
    slug: 'harbourside-machine-and-tool-ltd',
    name: 'Harbourside Machine & Tool Ltd.',
    province: 'NS',
    city: 'Dartmouth',
    postalCode: 'B3B 1R8',
    serves: ['NS', 'NB', 'PE', 'NL'],
    year: 1979,
    employees: '11-50',
    certifications: ['ISO 9001:2015'],
    specialty: [
      'marine hardware in brass, bronze and stainless steel',
      'la quincaillerie marine en laiton, en bronze et en inox',
    ],
  },
];

/** The shops' owners' e-mail, on the demo domain like the demo accounts (reserved, reaches nobody). */
const ownerEmail = (shop: CncShop) =>
  shop.ownerId === DEMO_ACCOUNTS.cncShop.id
    ? DEMO_ACCOUNTS.cncShop.email
    : `${shop.slug}@demo.maplesource.ca`;

/**
 * Demo seed step (never in production): the CNC shops above, each claimed by a seller account of its own, verified,
 * in the `cnc-machining` category and serving its provinces, so "Request firm quotes" reaches them. The demo CNC
 * owner is created by the demo accounts step when this server may have demo accounts (its published password); every
 * other owner, and that one otherwise, gets an unguessable password: they exist to own the shops, not to log in.
 * Runs after the catalogue (which empties `sellers`) and before the tax profiles (which fill the shops' too).
 */
export const cncShopsSeedStep: SeedStep = {
  name: 'CNC machining shops',
  demoOnly: true,
  async run({ database }) {
    const db = database.db;
    const [category] = rowsOf<{ id: number | string }>(
      await db.execute(
        sql`SELECT id FROM categories WHERE slug = ${CNC_CATEGORY_SLUG} AND kind = 'product' AND parent_id IS NULL`,
      ),
    );
    if (!category) throw new Error(`seed: no top product category ${CNC_CATEGORY_SLUG}`);
    const users = createUserService(db);
    let unguessable: string | undefined;
    for (const shop of CNC_SHOPS) {
      if (await users.findById(shop.ownerId)) continue;
      unguessable ??= await hashPassword(randomBytes(32).toString('base64url'));
      await users.create({
        id: shop.ownerId,
        email: ownerEmail(shop),
        fullName: shop.ownerName,
        phoneNumber: shop.ownerPhone,
        roles: ['buyer', 'seller'],
        state: shop.province,
        city: shop.city,
        passwordHash: unguessable,
        emailVerified: true,
        isVerifiedBusiness: true,
      });
    }
    // Fixed dates from the seed's base date, a week apart and older than every catalogue storefront (the oldest
    // joined 625 days before it), so the "recently joined" lists stay the catalogue's.
    const joined = Date.parse(SEED_BASE_DATE) - 700 * 86_400_000;
    await db.insert(sellers).values(
      CNC_SHOPS.map((shop, i) => ({
        slug: shop.slug,
        name: shop.name,
        businessType: 'manufacturer',
        province: shop.province,
        city: shop.city,
        postalCode: shop.postalCode,
        verified: true,
        claimed: true,
        ownerUserId: shop.ownerId,
        descriptionEn: `${shop.name} is a CNC machining shop in ${shop.city} specialising in ${shop.specialty[0]}, since ${shop.year}.`,
        descriptionFr: `${shop.name} est un atelier d’usinage CNC de ${shop.city} spécialisé dans ${shop.specialty[1]} depuis ${shop.year}.`,
        yearEstablished: shop.year,
        employees: shop.employees,
        certifications: shop.certifications,
        primaryCategoryId: Number(category.id),
        serviceProvinces: shop.serves,
        contactEmail: `quotes@${shop.slug}.example.ca`,
        contactPhone: shop.ownerPhone,
        createdAt: new Date(joined - i * 7 * 86_400_000),
      })),
    );
    // The catalogue's copy of each storefront's card fields (decision 110), as the catalogue seed writes it.
    await db.execute(sql`
      INSERT INTO catalog_seller_cards (seller_id, slug, name, province, city, business_type, verified)
      SELECT id, slug, name, province, city, business_type, verified FROM sellers
      WHERE owner_user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(CNC_SHOPS.map((s) => s.ownerId))}::jsonb)::uuid)
      ON CONFLICT (seller_id) DO NOTHING`);
  },
};
