import { CNC_MAX_FILE_BYTES, CNC_MAX_TRIANGLES, CncFileRejected } from './file-rejection';

/** Binary STL: an 80-byte header, a uint32 triangle count, then 50 bytes per triangle. */
const HEADER_BYTES = 84;
const TRIANGLE_BYTES = 50;

/**
 * An STL file (binary or ASCII) as a flat list of triangle corners, x y z nine numbers per triangle, in the file's
 * own units. Refuses an empty, oversized, truncated or non-mesh file with a code; never trusts the header's count
 * beyond what the file's size can hold.
 */
export function parseStl(bytes: Uint8Array): Float64Array {
  if (bytes.length === 0) throw new CncFileRejected('CNC_FILE_EMPTY');
  if (bytes.length > CNC_MAX_FILE_BYTES) throw new CncFileRejected('CNC_FILE_TOO_LARGE');
  if (bytes.length >= HEADER_BYTES) {
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    // A binary file's size is exactly its count's; an ASCII "solid …" file that happens to match is still binary.
    if (bytes.length === HEADER_BYTES + count * TRIANGLE_BYTES && count > 0) return parseBinary(bytes, count);
    if (!startsWithSolid(bytes)) {
      if (count > 0 && bytes.length < HEADER_BYTES + count * TRIANGLE_BYTES)
        throw new CncFileRejected('CNC_FILE_TRUNCATED');
      throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
    }
  } else if (!startsWithSolid(bytes)) throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
  return parseAscii(bytes);
}

function startsWithSolid(bytes: Uint8Array): boolean {
  return /^\s*solid\b/i.test(new TextDecoder('latin1').decode(bytes.subarray(0, 256)));
}

function parseBinary(bytes: Uint8Array, count: number): Float64Array {
  if (count > CNC_MAX_TRIANGLES) throw new CncFileRejected('CNC_FILE_TOO_MANY_TRIANGLES');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const corners = new Float64Array(count * 9);
  for (let t = 0; t < count; t++) {
    const at = HEADER_BYTES + t * TRIANGLE_BYTES + 12; // skip the normal: the geometry is recomputed from corners
    for (let i = 0; i < 9; i++) corners[t * 9 + i] = view.getFloat32(at + i * 4, true);
  }
  return checkedFinite(corners);
}

const VERTEX = /^vertex\s+(\S+)\s+(\S+)\s+(\S+)$/i;

function parseAscii(bytes: Uint8Array): Float64Array {
  const values: number[] = [];
  let triangles = 0;
  let inFacet = 0;
  for (const raw of new TextDecoder('latin1').decode(bytes).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const keyword = line.split(/\s+/, 1)[0]!.toLowerCase();
    if (keyword === 'vertex') {
      const match = VERTEX.exec(line);
      if (!match || inFacet >= 3) throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
      values.push(Number(match[1]), Number(match[2]), Number(match[3]));
      inFacet++;
    } else if (keyword === 'facet') {
      if (++triangles > CNC_MAX_TRIANGLES) throw new CncFileRejected('CNC_FILE_TOO_MANY_TRIANGLES');
      inFacet = 0;
    } else if (keyword === 'endfacet') {
      if (inFacet !== 3) throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
    } else if (!['solid', 'endsolid', 'outer', 'endloop'].includes(keyword)) {
      throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
    }
  }
  if (values.length === 0 || values.length !== triangles * 9)
    throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
  return checkedFinite(Float64Array.from(values));
}

function checkedFinite(corners: Float64Array): Float64Array {
  for (const value of corners) if (!Number.isFinite(value)) throw new CncFileRejected('CNC_FILE_NOT_A_MESH');
  return corners;
}
