/**
 * The bilingual category tree and product/service templates of the demo catalogue (Canadian industry).
 * A product template: [nameEn, nameFr, unit, basePriceCents, materialEn, materialFr].
 */
export type ProductTemplate = [string, string, string, number, string, string];
export interface SubcategoryData {
  slug: string;
  en: string;
  fr: string;
  items: ProductTemplate[];
}
export interface CategoryData {
  slug: string;
  en: string;
  fr: string;
  /** Technical specification rows: [labelEn, labelFr, possible values]. */
  specs: [string, string, string[]][];
  subs: SubcategoryData[];
}

export const productCategories: CategoryData[] = [
  {
    slug: 'metal-fabrication',
    en: 'Metal Fabrication',
    fr: 'Fabrication métallique',
    specs: [
      ['Tolerance', 'Tolérance', ['±0.1 mm', '±0.25 mm', '±0.5 mm']],
      ['Finish', 'Fini', ['Powder coated', 'Galvanized', 'Mill finish', 'Anodized']],
      ['Thickness', 'Épaisseur', ['3 mm', '6 mm', '10 gauge', '14 gauge']],
    ],
    subs: [
      {
        slug: 'aluminum-extrusions',
        en: 'Aluminum Extrusions',
        fr: 'Extrusions d’aluminium',
        items: [
          [
            'Aluminum Extrusion T-Slot Profile',
            'Profilé d’extrusion en aluminium à rainure en T',
            'metre',
            1850,
            '6061-T6 aluminum',
            'Aluminium 6061-T6',
          ],
          [
            'Aluminum Extrusion Channel',
            'Profilé en U extrudé en aluminium',
            'metre',
            1250,
            '6063-T5 aluminum',
            'Aluminium 6063-T5',
          ],
          [
            'Custom Aluminum Extrusion Heat Sink',
            'Dissipateur thermique extrudé en aluminium sur mesure',
            'piece',
            2400,
            '6063 aluminum',
            'Aluminium 6063',
          ],
        ],
      },
      {
        slug: 'sheet-metal-parts',
        en: 'Sheet Metal Parts',
        fr: 'Pièces en tôle',
        items: [
          [
            'Laser Cut Steel Bracket',
            'Support en acier découpé au laser',
            'piece',
            450,
            'Cold rolled steel',
            'Acier laminé à froid',
          ],
          [
            'Stainless Steel Enclosure',
            'Boîtier en acier inoxydable',
            'piece',
            18900,
            '304 stainless steel',
            'Acier inoxydable 304',
          ],
          [
            'Galvanized Steel Mounting Plate',
            'Plaque de montage en acier galvanisé',
            'piece',
            780,
            'Galvanized steel',
            'Acier galvanisé',
          ],
        ],
      },
      {
        slug: 'structural-steel',
        en: 'Structural Steel',
        fr: 'Acier de construction',
        items: [
          [
            'Structural Steel I-Beam',
            'Poutre en I en acier de construction',
            'metre',
            6400,
            'CSA G40.21 350W steel',
            'Acier CSA G40.21 350W',
          ],
          [
            'Steel Hollow Structural Section',
            'Profilé creux en acier de construction',
            'metre',
            3900,
            'ASTM A500 steel',
            'Acier ASTM A500',
          ],
          [
            'Welded Steel Platform Stairs',
            'Escalier de plateforme en acier soudé',
            'piece',
            189000,
            'Carbon steel',
            'Acier au carbone',
          ],
        ],
      },
    ],
  },
  {
    slug: 'cnc-machining',
    en: 'CNC Machining',
    fr: 'Usinage CNC',
    specs: [
      ['Tolerance', 'Tolérance', ['±0.005 mm', '±0.01 mm', '±0.025 mm']],
      ['Surface roughness', 'Rugosité de surface', ['Ra 0.8 µm', 'Ra 1.6 µm', 'Ra 3.2 µm']],
      ['Machine', 'Machine', ['5-axis mill', '3-axis mill', 'CNC lathe', 'Swiss-type lathe']],
    ],
    subs: [
      {
        slug: 'machined-components',
        en: 'Machined Components',
        fr: 'Composants usinés',
        items: [
          [
            'Precision Machined Shaft',
            'Arbre usiné de précision',
            'piece',
            3200,
            '4140 alloy steel',
            'Acier allié 4140',
          ],
          [
            'CNC Machined Aluminum Housing',
            'Boîtier en aluminium usiné CNC',
            'piece',
            5600,
            '7075 aluminum',
            'Aluminium 7075',
          ],
          ['Machined Brass Fitting', 'Raccord en laiton usiné', 'piece', 640, 'C360 brass', 'Laiton C360'],
        ],
      },
      {
        slug: 'gears-and-bushings',
        en: 'Gears and Bushings',
        fr: 'Engrenages et bagues',
        items: [
          ['Spur Gear', 'Engrenage droit', 'piece', 2800, 'Hardened steel', 'Acier trempé'],
          ['Bronze Sleeve Bushing', 'Bague en bronze', 'piece', 390, 'SAE 660 bronze', 'Bronze SAE 660'],
          [
            'Helical Gear Set',
            'Jeu d’engrenages hélicoïdaux',
            'set',
            15800,
            'Case-hardened steel',
            'Acier cémenté',
          ],
        ],
      },
      {
        slug: 'tooling-and-fixtures',
        en: 'Tooling and Fixtures',
        fr: 'Outillage et gabarits',
        items: [
          [
            'Custom Welding Fixture',
            'Gabarit de soudage sur mesure',
            'piece',
            145000,
            'Tool steel',
            'Acier à outils',
          ],
          [
            'Injection Mould Insert',
            'Insert de moule d’injection',
            'piece',
            98000,
            'P20 tool steel',
            'Acier à outils P20',
          ],
          [
            'Carbide End Mill',
            'Fraise en bout au carbure',
            'piece',
            4800,
            'Solid carbide',
            'Carbure monobloc',
          ],
        ],
      },
    ],
  },
  {
    slug: 'plastics-and-rubber',
    en: 'Plastics and Rubber',
    fr: 'Plastiques et caoutchouc',
    specs: [
      ['Resin', 'Résine', ['HDPE', 'Polypropylene', 'ABS', 'Nylon 6/6', 'PVC']],
      ['Colour', 'Couleur', ['Natural', 'Black', 'Custom match']],
      ['Process', 'Procédé', ['Injection moulded', 'Extruded', 'Rotomoulded', 'Thermoformed']],
    ],
    subs: [
      {
        slug: 'injection-moulded-parts',
        en: 'Injection Moulded Parts',
        fr: 'Pièces moulées par injection',
        items: [
          [
            'Injection Moulded Housing',
            'Boîtier moulé par injection',
            'piece',
            320,
            'ABS plastic',
            'Plastique ABS',
          ],
          [
            'Plastic Closure Cap',
            'Bouchon de fermeture en plastique',
            'piece',
            8,
            'Polypropylene',
            'Polypropylène',
          ],
          ['Nylon Cable Clip', 'Attache-câble en nylon', 'piece', 12, 'Nylon 6/6', 'Nylon 6/6'],
        ],
      },
      {
        slug: 'plastic-sheet-and-pipe',
        en: 'Plastic Sheet and Pipe',
        fr: 'Feuilles et tuyaux de plastique',
        items: [
          [
            'HDPE Plastic Sheet',
            'Feuille de plastique PEHD',
            'sheet',
            8900,
            'High-density polyethylene',
            'Polyéthylène haute densité',
          ],
          ['PVC Pressure Pipe', 'Tuyau sous pression en PVC', 'metre', 1100, 'PVC', 'PVC'],
          [
            'Polycarbonate Panel',
            'Panneau de polycarbonate',
            'sheet',
            12900,
            'Polycarbonate',
            'Polycarbonate',
          ],
        ],
      },
      {
        slug: 'rubber-products',
        en: 'Rubber Products',
        fr: 'Produits en caoutchouc',
        items: [
          ['EPDM Rubber Gasket', 'Joint en caoutchouc EPDM', 'piece', 95, 'EPDM rubber', 'Caoutchouc EPDM'],
          [
            'Rubber Conveyor Belt',
            'Courroie transporteuse en caoutchouc',
            'metre',
            7800,
            'SBR rubber',
            'Caoutchouc SBR',
          ],
          [
            'Neoprene Anti-Vibration Pad',
            'Coussin antivibration en néoprène',
            'piece',
            1450,
            'Neoprene',
            'Néoprène',
          ],
        ],
      },
    ],
  },
  {
    slug: 'packaging',
    en: 'Packaging',
    fr: 'Emballage',
    specs: [
      ['Recycled content', 'Contenu recyclé', ['30 %', '50 %', '100 %']],
      ['Food safe', 'Contact alimentaire', ['Yes (CFIA)', 'No']],
      ['Print', 'Impression', ['Unprinted', '1 colour', 'Full colour']],
    ],
    subs: [
      {
        slug: 'corrugated-boxes',
        en: 'Corrugated Boxes',
        fr: 'Boîtes en carton ondulé',
        items: [
          [
            'Corrugated Shipping Box',
            'Boîte d’expédition en carton ondulé',
            'piece',
            145,
            'Kraft corrugated board',
            'Carton ondulé kraft',
          ],
          [
            'Die Cut Mailer Box',
            'Boîte postale découpée',
            'piece',
            210,
            'E-flute corrugated board',
            'Carton ondulé cannelure E',
          ],
          [
            'Heavy Duty Bulk Bin',
            'Bac de vrac robuste',
            'piece',
            2900,
            'Triple-wall corrugated board',
            'Carton ondulé triple paroi',
          ],
        ],
      },
      {
        slug: 'flexible-packaging',
        en: 'Flexible Packaging',
        fr: 'Emballage souple',
        items: [
          ['Stand Up Pouch', 'Sachet autoportant', 'piece', 35, 'PET/PE laminate', 'Laminé PET/PE'],
          ['Stretch Wrap Film', 'Film étirable', 'roll', 3400, 'LLDPE', 'PEBDL'],
          ['Compostable Produce Bag', 'Sac à légumes compostable', 'piece', 6, 'PLA/PBAT', 'PLA/PBAT'],
        ],
      },
      {
        slug: 'pallets-and-crates',
        en: 'Pallets and Crates',
        fr: 'Palettes et caisses',
        items: [
          [
            'Wooden Pallet',
            'Palette de bois',
            'piece',
            1800,
            'Heat-treated spruce',
            'Épinette traitée à la chaleur',
          ],
          ['Plastic Pallet', 'Palette de plastique', 'piece', 7900, 'Recycled HDPE', 'PEHD recyclé'],
          [
            'Export Wooden Crate',
            'Caisse de bois pour exportation',
            'piece',
            24500,
            'ISPM 15 lumber',
            'Bois NIMP 15',
          ],
        ],
      },
    ],
  },
  {
    slug: 'electrical-equipment',
    en: 'Electrical Equipment',
    fr: 'Équipement électrique',
    specs: [
      ['Voltage', 'Tension', ['120 V', '240 V', '347/600 V']],
      ['Certification', 'Certification', ['CSA', 'cUL', 'CSA and UL']],
      ['Enclosure rating', 'Indice de protection', ['NEMA 1', 'NEMA 4X', 'IP65']],
    ],
    subs: [
      {
        slug: 'wire-and-cable',
        en: 'Wire and Cable',
        fr: 'Fils et câbles',
        items: [
          [
            'Copper Building Wire',
            'Fil de construction en cuivre',
            'metre',
            210,
            'Copper conductor, PVC insulation',
            'Conducteur en cuivre, isolant PVC',
          ],
          [
            'Armoured Teck Cable',
            'Câble armé Teck',
            'metre',
            1650,
            'Copper, aluminum armour',
            'Cuivre, armure d’aluminium',
          ],
          [
            'Industrial Extension Cord',
            'Rallonge électrique industrielle',
            'piece',
            4200,
            'SJOW rubber cord',
            'Cordon en caoutchouc SJOW',
          ],
        ],
      },
      {
        slug: 'control-panels',
        en: 'Control Panels',
        fr: 'Panneaux de commande',
        items: [
          [
            'Electrical Control Panel',
            'Panneau de commande électrique',
            'piece',
            349000,
            'Painted steel enclosure',
            'Boîtier en acier peint',
          ],
          [
            'Motor Control Centre',
            'Centre de commande des moteurs',
            'piece',
            1890000,
            'Steel cabinet',
            'Armoire en acier',
          ],
          ['Junction Box', 'Boîte de jonction', 'piece', 2600, 'Polycarbonate', 'Polycarbonate'],
        ],
      },
      {
        slug: 'lighting',
        en: 'Lighting',
        fr: 'Éclairage',
        items: [
          [
            'LED High Bay Light',
            'Luminaire LED pour grande hauteur',
            'piece',
            18900,
            'Die-cast aluminum',
            'Aluminium moulé sous pression',
          ],
          ['LED Panel Light', 'Panneau lumineux LED', 'piece', 6900, 'Aluminum frame', 'Cadre en aluminium'],
          [
            'Explosion Proof Light Fixture',
            'Luminaire antidéflagrant',
            'piece',
            64000,
            'Copper-free aluminum',
            'Aluminium sans cuivre',
          ],
        ],
      },
    ],
  },
  {
    slug: 'industrial-equipment',
    en: 'Industrial Equipment',
    fr: 'Équipement industriel',
    specs: [
      ['Power', 'Puissance', ['5 hp', '10 hp', '25 hp', '50 hp']],
      ['Capacity', 'Capacité', ['500 kg', '1 t', '5 t']],
      ['Certification', 'Certification', ['CSA', 'CE and CSA']],
    ],
    subs: [
      {
        slug: 'material-handling',
        en: 'Material Handling',
        fr: 'Manutention',
        items: [
          ['Belt Conveyor', 'Convoyeur à courroie', 'piece', 489000, 'Steel frame', 'Châssis en acier'],
          [
            'Pallet Racking System',
            'Système de palettiers',
            'set',
            129000,
            'Roll-formed steel',
            'Acier profilé',
          ],
          [
            'Electric Chain Hoist',
            'Palan électrique à chaîne',
            'piece',
            219000,
            'Alloy steel chain',
            'Chaîne en acier allié',
          ],
        ],
      },
      {
        slug: 'pumps-and-compressors',
        en: 'Pumps and Compressors',
        fr: 'Pompes et compresseurs',
        items: [
          ['Centrifugal Pump', 'Pompe centrifuge', 'piece', 289000, 'Cast iron', 'Fonte'],
          ['Rotary Screw Air Compressor', 'Compresseur d’air à vis', 'piece', 1290000, 'Steel', 'Acier'],
          [
            'Diaphragm Pump',
            'Pompe à membrane',
            'piece',
            149000,
            'Polypropylene body',
            'Corps en polypropylène',
          ],
        ],
      },
      {
        slug: 'hydraulics',
        en: 'Hydraulics',
        fr: 'Hydraulique',
        items: [
          [
            'Hydraulic Cylinder',
            'Vérin hydraulique',
            'piece',
            78000,
            'Chrome-plated steel rod',
            'Tige en acier chromé',
          ],
          [
            'Hydraulic Power Unit',
            'Groupe hydraulique',
            'piece',
            459000,
            'Steel reservoir',
            'Réservoir en acier',
          ],
          [
            'Hydraulic Hose Assembly',
            'Flexible hydraulique assemblé',
            'piece',
            5900,
            'Synthetic rubber, steel braid',
            'Caoutchouc synthétique, tresse d’acier',
          ],
        ],
      },
    ],
  },
  {
    slug: 'chemicals',
    en: 'Chemicals',
    fr: 'Produits chimiques',
    specs: [
      ['Purity', 'Pureté', ['Technical grade', '99 %', 'Food grade']],
      ['Package', 'Conditionnement', ['20 L pail', '205 L drum', '1,000 L tote']],
      ['WHMIS', 'SIMDUT', ['SDS included']],
    ],
    subs: [
      {
        slug: 'industrial-cleaners',
        en: 'Industrial Cleaners',
        fr: 'Nettoyants industriels',
        items: [
          [
            'Heavy Duty Degreaser',
            'Dégraissant industriel puissant',
            'litre',
            690,
            'Water-based surfactants',
            'Tensioactifs à base d’eau',
          ],
          [
            'Food Plant Sanitizer',
            'Désinfectant pour usine alimentaire',
            'litre',
            890,
            'Quaternary ammonium',
            'Ammonium quaternaire',
          ],
          [
            'Biodegradable Parts Washer Fluid',
            'Liquide de lave-pièces biodégradable',
            'litre',
            540,
            'Plant-based solvent',
            'Solvant d’origine végétale',
          ],
        ],
      },
      {
        slug: 'coatings-and-adhesives',
        en: 'Coatings and Adhesives',
        fr: 'Revêtements et adhésifs',
        items: [
          [
            'Industrial Epoxy Coating',
            'Revêtement époxy industriel',
            'litre',
            3400,
            'Two-part epoxy',
            'Époxy à deux composants',
          ],
          ['Structural Adhesive', 'Adhésif structural', 'piece', 2900, 'Methacrylate', 'Méthacrylate'],
          [
            'Powder Coating Paint',
            'Peinture en poudre',
            'kilogram',
            1900,
            'Polyester powder',
            'Poudre de polyester',
          ],
        ],
      },
      {
        slug: 'lubricants',
        en: 'Lubricants',
        fr: 'Lubrifiants',
        items: [
          [
            'Hydraulic Oil',
            'Huile hydraulique',
            'litre',
            480,
            'ISO VG 46 mineral oil',
            'Huile minérale ISO VG 46',
          ],
          [
            'Food Grade Grease',
            'Graisse de qualité alimentaire',
            'kilogram',
            2100,
            'NSF H1 synthetic',
            'Synthétique NSF H1',
          ],
          ['Cutting Fluid', 'Fluide de coupe', 'litre', 720, 'Semi-synthetic', 'Semi-synthétique'],
        ],
      },
    ],
  },
  {
    slug: 'food-processing',
    en: 'Food Processing',
    fr: 'Transformation alimentaire',
    specs: [
      ['Sanitary standard', 'Norme sanitaire', ['3-A', 'CFIA compliant', 'USDA accepted']],
      ['Throughput', 'Débit', ['100 kg/h', '500 kg/h', '2 t/h']],
      ['Contact surface', 'Surface de contact', ['316 stainless steel', '304 stainless steel']],
    ],
    subs: [
      {
        slug: 'food-equipment',
        en: 'Food Processing Equipment',
        fr: 'Équipement de transformation alimentaire',
        items: [
          [
            'Stainless Steel Mixing Tank',
            'Cuve de mélange en acier inoxydable',
            'piece',
            890000,
            '316L stainless steel',
            'Acier inoxydable 316L',
          ],
          [
            'Industrial Food Dehydrator',
            'Déshydrateur alimentaire industriel',
            'piece',
            459000,
            '304 stainless steel',
            'Acier inoxydable 304',
          ],
          [
            'Maple Syrup Evaporator',
            'Évaporateur à sirop d’érable',
            'piece',
            1590000,
            'Stainless steel',
            'Acier inoxydable',
          ],
        ],
      },
      {
        slug: 'food-ingredients',
        en: 'Food Ingredients',
        fr: 'Ingrédients alimentaires',
        items: [
          [
            'Pure Maple Syrup Bulk',
            'Sirop d’érable pur en vrac',
            'litre',
            1400,
            'Grade A amber maple syrup',
            'Sirop d’érable catégorie A ambré',
          ],
          [
            'Canola Oil Bulk',
            'Huile de canola en vrac',
            'litre',
            310,
            'Expeller-pressed canola',
            'Canola pressé à froid',
          ],
          [
            'Yellow Pea Protein Powder',
            'Protéine de pois jaune en poudre',
            'kilogram',
            1250,
            'Canadian yellow peas',
            'Pois jaunes canadiens',
          ],
        ],
      },
      {
        slug: 'commercial-kitchen',
        en: 'Commercial Kitchen',
        fr: 'Cuisine commerciale',
        items: [
          [
            'Stainless Steel Work Table',
            'Table de travail en acier inoxydable',
            'piece',
            59000,
            '304 stainless steel',
            'Acier inoxydable 304',
          ],
          [
            'Walk-In Cooler Panel',
            'Panneau de chambre froide',
            'piece',
            69000,
            'Polyurethane core, steel skin',
            'Âme en polyuréthane, parement d’acier',
          ],
          [
            'Commercial Exhaust Hood',
            'Hotte d’évacuation commerciale',
            'piece',
            259000,
            'Stainless steel',
            'Acier inoxydable',
          ],
        ],
      },
    ],
  },
  {
    slug: 'textiles-and-apparel',
    en: 'Textiles and Apparel',
    fr: 'Textiles et vêtements',
    specs: [
      ['Fabric weight', 'Grammage', ['150 g/m²', '280 g/m²', '400 g/m²']],
      ['Standard', 'Norme', ['CSA Z96', 'CGSB', 'NFPA 2112']],
      ['Sizes', 'Tailles', ['XS–3XL', 'S–5XL']],
    ],
    subs: [
      {
        slug: 'workwear',
        en: 'Workwear',
        fr: 'Vêtements de travail',
        items: [
          [
            'High Visibility Safety Vest',
            'Veste de sécurité haute visibilité',
            'piece',
            1200,
            'Polyester mesh',
            'Maille de polyester',
          ],
          [
            'Flame Resistant Coverall',
            'Combinaison ignifuge',
            'piece',
            11900,
            'Modacrylic cotton',
            'Modacrylique et coton',
          ],
          [
            'Insulated Winter Work Jacket',
            'Manteau de travail d’hiver isolé',
            'piece',
            18900,
            'Duck canvas, synthetic fill',
            'Toile de coton, isolant synthétique',
          ],
        ],
      },
      {
        slug: 'technical-textiles',
        en: 'Technical Textiles',
        fr: 'Textiles techniques',
        items: [
          [
            'Geotextile Fabric',
            'Géotextile',
            'square metre',
            180,
            'Non-woven polypropylene',
            'Polypropylène non tissé',
          ],
          [
            'Industrial Canvas Tarp',
            'Bâche industrielle en toile',
            'piece',
            8900,
            'Vinyl-coated polyester',
            'Polyester enduit de vinyle',
          ],
          ['Filter Bag', 'Sac filtrant', 'piece', 1400, 'Polyester felt', 'Feutre de polyester'],
        ],
      },
      {
        slug: 'merino-and-wool',
        en: 'Wool and Natural Fibres',
        fr: 'Laine et fibres naturelles',
        items: [
          [
            'Merino Wool Base Layer',
            'Sous-vêtement en laine mérinos',
            'piece',
            5400,
            'Merino wool',
            'Laine mérinos',
          ],
          ['Wool Work Socks', 'Bas de travail en laine', 'pair', 1600, 'Wool blend', 'Mélange de laine'],
          ['Hemp Canvas Fabric', 'Toile de chanvre', 'metre', 2200, 'Canadian hemp', 'Chanvre canadien'],
        ],
      },
    ],
  },
  {
    slug: 'building-materials',
    en: 'Building Materials',
    fr: 'Matériaux de construction',
    specs: [
      ['Standard', 'Norme', ['CSA O141', 'CSA A23.1', 'NBC 2020']],
      ['Thermal resistance', 'Résistance thermique', ['RSI 2.1', 'RSI 3.5', 'RSI 5.3']],
      ['Fire rating', 'Résistance au feu', ['Type X', '1 h', '2 h']],
    ],
    subs: [
      {
        slug: 'lumber-and-wood',
        en: 'Lumber and Wood',
        fr: 'Bois d’œuvre',
        items: [
          [
            'Kiln Dried SPF Lumber',
            'Bois d’œuvre EPS séché au four',
            'piece',
            890,
            'Spruce-pine-fir',
            'Épinette-pin-sapin',
          ],
          [
            'Cross Laminated Timber Panel',
            'Panneau de bois lamellé-croisé',
            'square metre',
            21000,
            'Engineered spruce',
            'Épinette d’ingénierie',
          ],
          [
            'Oriented Strand Board',
            'Panneau à copeaux orientés',
            'sheet',
            2400,
            'Aspen strands',
            'Lamelles de tremble',
          ],
        ],
      },
      {
        slug: 'insulation',
        en: 'Insulation',
        fr: 'Isolation',
        items: [
          [
            'Mineral Wool Insulation Batt',
            'Natte d’isolant en laine minérale',
            'bundle',
            6900,
            'Stone wool',
            'Laine de roche',
          ],
          [
            'Rigid Foam Insulation Board',
            'Panneau isolant en mousse rigide',
            'sheet',
            3900,
            'Polyisocyanurate',
            'Polyisocyanurate',
          ],
          [
            'Spray Foam Insulation Kit',
            'Trousse d’isolant en mousse pulvérisée',
            'kit',
            69000,
            'Closed-cell polyurethane',
            'Polyuréthane à cellules fermées',
          ],
        ],
      },
      {
        slug: 'concrete-and-masonry',
        en: 'Concrete and Masonry',
        fr: 'Béton et maçonnerie',
        items: [
          [
            'Precast Concrete Barrier',
            'Glissière en béton préfabriqué',
            'piece',
            89000,
            '35 MPa concrete',
            'Béton 35 MPa',
          ],
          [
            'Concrete Paving Stone',
            'Pavé de béton',
            'square metre',
            4900,
            'Dry-cast concrete',
            'Béton coulé à sec',
          ],
          [
            'Architectural Stone Veneer',
            'Placage de pierre architecturale',
            'square metre',
            11900,
            'Natural limestone',
            'Calcaire naturel',
          ],
        ],
      },
    ],
  },
  {
    slug: 'automotive-and-transport',
    en: 'Automotive and Transportation',
    fr: 'Automobile et transport',
    specs: [
      ['Fitment', 'Compatibilité', ['Class 8 trucks', 'Light duty', 'Universal']],
      ['Standard', 'Norme', ['CMVSS', 'SAE J', 'ISO/TS 16949']],
      ['Warranty', 'Garantie', ['1 year', '2 years']],
    ],
    subs: [
      {
        slug: 'auto-parts',
        en: 'Auto Parts',
        fr: 'Pièces automobiles',
        items: [
          [
            'Stamped Steel Auto Bracket',
            'Support automobile en acier embouti',
            'piece',
            240,
            'HSLA steel',
            'Acier HSLA',
          ],
          [
            'Aluminum Alloy Wheel',
            'Jante en alliage d’aluminium',
            'piece',
            21900,
            'A356 aluminum',
            'Aluminium A356',
          ],
          ['Brake Rotor', 'Disque de frein', 'piece', 6900, 'Grey cast iron', 'Fonte grise'],
        ],
      },
      {
        slug: 'truck-and-trailer',
        en: 'Truck and Trailer',
        fr: 'Camions et remorques',
        items: [
          [
            'Trailer Axle Assembly',
            'Essieu de remorque assemblé',
            'piece',
            149000,
            'Forged steel',
            'Acier forgé',
          ],
          [
            'Aluminum Truck Tool Box',
            'Coffre à outils de camion en aluminium',
            'piece',
            45900,
            'Diamond plate aluminum',
            'Aluminium larmé',
          ],
          ['Snow Plow Blade', 'Lame de chasse-neige', 'piece', 389000, 'AR400 steel', 'Acier AR400'],
        ],
      },
      {
        slug: 'ev-components',
        en: 'EV Components',
        fr: 'Composants de véhicules électriques',
        items: [
          [
            'EV Battery Enclosure',
            'Boîtier de batterie de véhicule électrique',
            'piece',
            189000,
            'Aluminum alloy',
            'Alliage d’aluminium',
          ],
          [
            'EV Charging Station',
            'Borne de recharge de véhicule électrique',
            'piece',
            129000,
            'Steel pedestal',
            'Socle en acier',
          ],
          ['Copper Busbar', 'Barre omnibus en cuivre', 'piece', 3900, 'C110 copper', 'Cuivre C110'],
        ],
      },
    ],
  },
  {
    slug: 'safety-equipment',
    en: 'Safety Equipment',
    fr: 'Équipement de sécurité',
    specs: [
      ['Standard', 'Norme', ['CSA Z94.1', 'CSA Z195', 'CSA Z259']],
      ['Size', 'Taille', ['Universal', 'S–XL']],
      ['Colour', 'Couleur', ['Yellow', 'Orange', 'Black']],
    ],
    subs: [
      {
        slug: 'personal-protective-equipment',
        en: 'Personal Protective Equipment',
        fr: 'Équipement de protection individuelle',
        items: [
          ['Hard Hat', 'Casque de sécurité', 'piece', 2400, 'HDPE shell', 'Coque en PEHD'],
          [
            'Cut Resistant Gloves',
            'Gants résistants aux coupures',
            'pair',
            890,
            'HPPE knit, nitrile coat',
            'Tricot HPPE, enduit nitrile',
          ],
          [
            'Steel Toe Safety Boots',
            'Bottes de sécurité à embout d’acier',
            'pair',
            15900,
            'Full-grain leather',
            'Cuir pleine fleur',
          ],
        ],
      },
      {
        slug: 'fall-protection',
        en: 'Fall Protection',
        fr: 'Protection contre les chutes',
        items: [
          [
            'Full Body Safety Harness',
            'Harnais de sécurité complet',
            'piece',
            14900,
            'Polyester webbing',
            'Sangle de polyester',
          ],
          [
            'Self Retracting Lifeline',
            'Cordon autorétractable',
            'piece',
            39000,
            'Galvanized cable',
            'Câble galvanisé',
          ],
          ['Roof Anchor', 'Ancrage de toit', 'piece', 8900, 'Stainless steel', 'Acier inoxydable'],
        ],
      },
      {
        slug: 'site-safety',
        en: 'Site Safety',
        fr: 'Sécurité de chantier',
        items: [
          ['Traffic Safety Cone', 'Cône de signalisation', 'piece', 1400, 'PVC', 'PVC'],
          [
            'Emergency Eyewash Station',
            'Douche oculaire d’urgence',
            'piece',
            69000,
            'Stainless steel',
            'Acier inoxydable',
          ],
          [
            'First Aid Kit Workplace',
            'Trousse de premiers soins pour le travail',
            'kit',
            7900,
            'Plastic case',
            'Boîtier en plastique',
          ],
        ],
      },
    ],
  },
];

/** Service template: [nameEn, nameFr, priceUnit, startingPriceCents]. */
export type ServiceTemplate = [string, string, string, number];
export interface ServiceCategoryData {
  slug: string;
  en: string;
  fr: string;
  subs: { slug: string; en: string; fr: string; items: ServiceTemplate[] }[];
}

export const serviceCategories: ServiceCategoryData[] = [
  {
    slug: 'engineering-services',
    en: 'Engineering Services',
    fr: 'Services d’ingénierie',
    subs: [
      {
        slug: 'mechanical-engineering',
        en: 'Mechanical Engineering',
        fr: 'Génie mécanique',
        items: [
          ['Mechanical Design and 3D CAD', 'Conception mécanique et CAO 3D', 'hour', 11500],
          ['Finite Element Analysis', 'Analyse par éléments finis', 'project', 250000],
        ],
      },
      {
        slug: 'electrical-engineering',
        en: 'Electrical Engineering',
        fr: 'Génie électrique',
        items: [
          ['PLC Programming', 'Programmation d’automates', 'hour', 12500],
          ['Electrical Panel Design', 'Conception de panneaux électriques', 'project', 180000],
        ],
      },
      {
        slug: 'product-development',
        en: 'Product Development',
        fr: 'Développement de produits',
        items: [
          ['Rapid Prototyping', 'Prototypage rapide', 'project', 90000],
          ['Design for Manufacturing Review', 'Revue de conception pour la fabrication', 'project', 150000],
        ],
      },
    ],
  },
  {
    slug: 'machining-services',
    en: 'Machining and Fabrication Services',
    fr: 'Services d’usinage et de fabrication',
    subs: [
      {
        slug: 'cnc-machining-services',
        en: 'CNC Machining Services',
        fr: 'Services d’usinage CNC',
        items: [
          ['5-Axis CNC Machining Service', 'Service d’usinage CNC 5 axes', 'hour', 15500],
          ['CNC Turning Service', 'Service de tournage CNC', 'hour', 9500],
        ],
      },
      {
        slug: 'welding-services',
        en: 'Welding Services',
        fr: 'Services de soudage',
        items: [
          ['CWB Certified Welding', 'Soudage certifié CWB', 'hour', 9800],
          ['Robotic Welding Service', 'Service de soudage robotisé', 'project', 350000],
        ],
      },
      {
        slug: 'metal-finishing',
        en: 'Metal Finishing',
        fr: 'Finition des métaux',
        items: [
          ['Powder Coating Service', 'Service de peinture en poudre', 'project', 45000],
          ['Anodizing Service', 'Service d’anodisation', 'project', 38000],
        ],
      },
    ],
  },
  {
    slug: 'logistics',
    en: 'Logistics',
    fr: 'Logistique',
    subs: [
      {
        slug: 'freight-shipping',
        en: 'Freight Shipping',
        fr: 'Transport de marchandises',
        items: [
          ['LTL Freight Across Canada', 'Transport LTL partout au Canada', 'shipment', 45000],
          ['Flatbed Trucking', 'Transport par plateau', 'shipment', 120000],
        ],
      },
      {
        slug: 'warehousing',
        en: 'Warehousing',
        fr: 'Entreposage',
        items: [
          ['Third Party Warehousing', 'Entreposage par un tiers', 'month', 250000],
          ['Cold Storage Warehousing', 'Entreposage frigorifique', 'month', 390000],
        ],
      },
      {
        slug: 'customs-brokerage',
        en: 'Customs Brokerage',
        fr: 'Courtage en douane',
        items: [
          [
            'Customs Brokerage and CUSMA Certification',
            'Courtage en douane et certification ACEUM',
            'shipment',
            15000,
          ],
          ['Import Compliance Consulting', 'Conseil en conformité des importations', 'hour', 14000],
        ],
      },
    ],
  },
  {
    slug: 'industrial-maintenance',
    en: 'Industrial Maintenance',
    fr: 'Maintenance industrielle',
    subs: [
      {
        slug: 'equipment-repair',
        en: 'Equipment Repair',
        fr: 'Réparation d’équipement',
        items: [
          ['Hydraulic Repair Service', 'Service de réparation hydraulique', 'hour', 11000],
          ['Electric Motor Rewinding', 'Rebobinage de moteurs électriques', 'project', 85000],
        ],
      },
      {
        slug: 'millwright-services',
        en: 'Millwright Services',
        fr: 'Services de mécanicien-monteur',
        items: [
          ['Industrial Millwright Service', 'Service de mécanicien industriel', 'hour', 9500],
          ['Machinery Relocation', 'Déménagement de machinerie', 'project', 480000],
        ],
      },
    ],
  },
  {
    slug: 'testing-and-inspection',
    en: 'Testing and Inspection',
    fr: 'Essais et inspection',
    subs: [
      {
        slug: 'quality-inspection',
        en: 'Quality Inspection',
        fr: 'Inspection de la qualité',
        items: [
          ['CMM Inspection Service', 'Service d’inspection par MMT', 'hour', 13000],
          ['First Article Inspection', 'Inspection du premier article', 'project', 65000],
        ],
      },
      {
        slug: 'non-destructive-testing',
        en: 'Non-Destructive Testing',
        fr: 'Essais non destructifs',
        items: [
          ['Ultrasonic Testing', 'Contrôle par ultrasons', 'hour', 14500],
          ['Weld Inspection CSA W178', 'Inspection de soudures CSA W178', 'project', 90000],
        ],
      },
    ],
  },
  {
    slug: 'packaging-and-printing-services',
    en: 'Packaging and Printing Services',
    fr: 'Services d’emballage et d’impression',
    subs: [
      {
        slug: 'contract-packaging',
        en: 'Contract Packaging',
        fr: 'Emballage à façon',
        items: [
          [
            'Contract Packaging and Kitting',
            'Emballage à façon et assemblage de trousses',
            'project',
            120000,
          ],
          ['Co-Packing for Food Products', 'Co-emballage de produits alimentaires', 'project', 240000],
        ],
      },
      {
        slug: 'commercial-printing',
        en: 'Commercial Printing',
        fr: 'Impression commerciale',
        items: [
          ['Bilingual Label Printing', 'Impression d’étiquettes bilingues', 'project', 35000],
          ['Large Format Printing', 'Impression grand format', 'project', 28000],
        ],
      },
    ],
  },
];

/** Words for generated storefront names. */
export const sellerNameParts = {
  prefixes: [
    'Northern',
    'Maple',
    'Great Lakes',
    'Prairie',
    'Pacific',
    'Atlantic',
    'Laurentian',
    'Boreal',
    'True North',
    'Canadian',
    'Summit',
    'Red River',
    'Fraser',
    'Ottawa Valley',
    'Rocky Mountain',
    'Niagara',
    'Cabot',
    'Huron',
    'Fundy',
    'Chinook',
    'Polar',
    'Aurora',
    'Cedar',
    'Granite',
    'Northstar',
    'Kootenay',
    'Saint-Laurent',
    'Mauricie',
    'Beauce',
    'Acadia',
    'Muskoka',
    'Algonquin',
    'Okanagan',
    'Yukon',
    'Tundra',
    'Superior',
    'Erie',
    'Ontario',
    'Klondike',
    'Gaspé',
  ],
  cores: [
    'Precision',
    'Metal Works',
    'Fabrication',
    'Industries',
    'Manufacturing',
    'Machining',
    'Plastics',
    'Packaging',
    'Supply',
    'Industrial',
    'Steel',
    'Components',
    'Engineering',
    'Systems',
    'Technologies',
    'Solutions',
    'Equipment',
    'Distribution',
    'Materials',
    'Products',
  ],
  suffixes: ['Inc.', 'Ltd.', 'Corp.', 'Co.', 'Ltée', 'Inc.', 'Limited', 'Group'],
};

export const productAdjectives: [string, string][] = [
  ['Industrial', 'industriel'],
  ['Heavy-Duty', 'robuste'],
  ['Precision', 'de précision'],
  ['Custom', 'sur mesure'],
  ['Standard', 'standard'],
  ['Premium', 'haut de gamme'],
  ['Commercial', 'commercial'],
  ['Compact', 'compact'],
];
