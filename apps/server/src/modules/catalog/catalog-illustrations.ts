/**
 * Catalogue illustrations for the generated demo images: one simple line drawing per category (a profile for
 * extrusions, a box for packaging, a gear for machining…), drawn in a 100×100 box with `currentColor`.
 */
const gear =
  '<circle cx="50" cy="50" r="14"/><path d="M50 18v-10M50 92v-10M18 50h-10M92 50h-10M27 27l-7-7M80 80l-7-7M27 73l-7 7M80 20l-7 7"/><circle cx="50" cy="50" r="30"/>';

const drawings: Record<string, string> = {
  // A T-slot extrusion profile, end on.
  'metal-fabrication':
    '<path d="M20 20h22v10h-8v8h32v-8h-8v-10h22v22h-10v-8h-8v32h8v-8h10v22h-22v-10h8v-8h-32v8h8v10h-22v-22h10v8h8v-32h-8v8h-10z"/>',
  'cnc-machining': gear,
  'machining-services': gear,
  // A bottle and pellets.
  'plastics-and-rubber':
    '<path d="M40 12h20v12l8 10v52a4 4 0 0 1-4 4h-28a4 4 0 0 1-4-4v-52l8-10z"/><circle cx="80" cy="78" r="5"/><circle cx="18" cy="80" r="5"/><circle cx="84" cy="62" r="4"/>',
  // A shipping box.
  packaging:
    '<path d="M14 32l36-16 36 16v40l-36 16-36-16z"/><path d="M14 32l36 16 36-16M50 48v40M32 24l36 16"/>',
  'packaging-and-printing-services':
    '<path d="M14 32l36-16 36 16v40l-36 16-36-16z"/><path d="M14 32l36 16 36-16M50 48v40"/>',
  // A plug and a bolt.
  'electrical-equipment':
    '<path d="M56 8l-26 46h20l-6 38 26-48h-20z"/><path d="M14 70h14M14 80h14M28 62v26h10v-26z"/>',
  // A conveyor with a crate.
  'industrial-equipment':
    '<rect x="36" y="24" width="28" height="24" rx="2"/><path d="M12 56h76"/><circle cx="20" cy="66" r="10"/><circle cx="50" cy="66" r="10"/><circle cx="80" cy="66" r="10"/>',
  // A flask.
  chemicals:
    '<path d="M38 12h24M42 12v26l-24 44a4 4 0 0 0 4 6h56a4 4 0 0 0 4-6l-24-44v-26"/><path d="M28 66h44"/>',
  // A jar with a maple leaf label.
  'food-processing':
    '<rect x="26" y="26" width="48" height="62" rx="8"/><path d="M30 14h40v12h-40z"/><path d="M50 44l4 8 8-3-3 9 7 2-10 5 1 7-7-4-7 4 1-7-10-5 7-2-3-9 8 3z"/>',
  // A work shirt.
  'textiles-and-apparel': '<path d="M34 12l-22 14 10 18 10-6v50h36v-50l10 6 10-18-22-14a16 10 0 0 1-32 0z"/>',
  // A brick wall.
  'building-materials':
    '<path d="M10 20h80v60h-80zM10 40h80M10 60h80M36 20v20M64 20v20M22 40v20M50 40v20M78 40v20M36 60v20M64 60v20"/>',
  // A truck.
  'automotive-and-transport':
    '<path d="M8 28h52v40h-52zM60 42h18l14 14v12h-32z"/><circle cx="26" cy="72" r="9"/><circle cx="74" cy="72" r="9"/>',
  logistics:
    '<path d="M8 28h52v40h-52zM60 42h18l14 14v12h-32z"/><circle cx="26" cy="72" r="9"/><circle cx="74" cy="72" r="9"/>',
  // A hard hat.
  'safety-equipment': '<path d="M14 66a36 36 0 0 1 72 0z"/><path d="M8 66h84v10h-84zM42 30v-8h16v8"/>',
  // A compass and a ruler.
  'engineering-services':
    '<circle cx="50" cy="18" r="6"/><path d="M46 24l-22 62M54 24l22 62M30 62h40"/><path d="M12 90l76-76"/>',
  // A wrench.
  'industrial-maintenance':
    '<path d="M70 10a18 18 0 0 0-18 24l-40 40a8 8 0 0 0 12 12l40-40a18 18 0 0 0 24-18l-10 10-10-2-2-10z"/>',
  // A magnifier over a check mark.
  'testing-and-inspection':
    '<circle cx="42" cy="42" r="26"/><path d="M62 62l26 26"/><path d="M30 42l8 8 16-16"/>',
};

/** A crate, for a category without its own drawing. */
const fallback =
  '<rect x="16" y="24" width="68" height="56" rx="4"/><path d="M16 40h68M16 64h68M36 24v56M64 24v56"/>';

export function categoryDrawing(categorySlug: string | null | undefined): string {
  return (categorySlug && drawings[categorySlug]) || fallback;
}
