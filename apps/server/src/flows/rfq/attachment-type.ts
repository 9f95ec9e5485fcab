import { fileTypeFromBuffer } from 'file-type';
import type { RfqAttachmentType } from '@maplesource/contracts';

const byDetectedMime: Record<string, RfqAttachmentType> = {
  'application/pdf': 'application/pdf',
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'model/stl': 'model/stl',
  'image/vnd.dwg': 'image/vnd.dwg',
};

/**
 * What an attachment is, by its bytes only (decision 317), never its name or declared type: PDF, PNG, JPEG and
 * DWG as the file-type library recognises them (a renamed executable or archive is recognised as what it is and
 * refused); then the CAD formats it does not know: STEP (the ISO 10303-21 header), binary STL (its triangle count
 * matches its size exactly), ASCII STL (`solid` … `facet normal` … `endsolid`) and DXF (ASCII group code 0 SECTION,
 * or the binary DXF sentinel). Null for anything else.
 */
export async function attachmentTypeOf(data: Buffer): Promise<RfqAttachmentType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected && detected.mime !== 'model/stl') return byDetectedMime[detected.mime] ?? null;
  const head = data.subarray(0, 1024).toString('latin1');
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
  if (/^ISO-10303-21;/.test(head.replace(/^\uFEFF?\s*/, ''))) return 'model/step';
  if (/^solid[ \t\r\n]/.test(head) && /facet normal/.test(head) && /endsolid/.test(tail)) return 'model/stl';
  if (data.length >= 84 && data.length === 84 + data.readUInt32LE(80) * 50 && data.readUInt32LE(80) > 0)
    return 'model/stl';
  if (/^\s*0\s*\r?\n\s*SECTION\s*\r?\n/.test(head) && /\n\s*EOF\s*$/.test(tail)) return 'image/vnd.dxf';
  if (head.startsWith('AutoCAD Binary DXF\r\n\x1a\x00')) return 'image/vnd.dxf';
  return null;
}

export const attachmentExtension: Record<RfqAttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'model/step': 'step',
  'model/stl': 'stl',
  'image/vnd.dxf': 'dxf',
  'image/vnd.dwg': 'dwg',
};
