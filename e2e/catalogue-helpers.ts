import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Catalogue test data shared by the seller specs: images made here and the CSV import's columns (decision 288). */

/** A valid 2×2 PNG of one colour, made here (the server checks images by their bytes and re-encodes them). */
export function png(rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.from([0, ...rgb, ...rgb]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A lower-case word no seed item has, so searches find only the test's own items. */
export const uniqueWord = () => [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

/** The English header line of the catalogue CSV template (decision 288). */
export const csvHeader =
  'SKU,Subcategory,Published,Name (English),Name (French),Description (English),Description (French),Unit,' +
  'Minimum order quantity,Price tiers,Lead time (days),Delivery (days),Origin,Services (English),' +
  'Services (French),Warranty and support (English),Warranty and support (French),Material (English),' +
  'Material (French),Customizable options,Variations,Key attributes,Technical specifications';

/** One published product row of the CSV, in subcategory machined-components. */
export const csvRow = (sku: string, name: string, tiers: string) =>
  `${sku},machined-components,yes,${name},${name} FR,Turned part.,Pièce tournée.,piece,5,"${tiers}",7,3,` +
  'made-in-canada,,,,,Steel,Acier,,,Grade|Classe=4140,';
