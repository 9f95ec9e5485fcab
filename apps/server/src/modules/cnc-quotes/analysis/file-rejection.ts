import { cncFileRejectionCodes } from '@maplesource/contracts';
/** Why an uploaded CAD file cannot be analysed; each code becomes a 4xx the web explains (decisions 302, 322). */
export const CNC_FILE_REJECTIONS = cncFileRejectionCodes;
export type CncFileRejection = (typeof CNC_FILE_REJECTIONS)[number];

export class CncFileRejected extends Error {
  constructor(readonly code: CncFileRejection) {
    super(code);
    this.name = 'CncFileRejected';
  }
}

export function isCncFileRejection(code: unknown): code is CncFileRejection {
  return typeof code === 'string' && (CNC_FILE_REJECTIONS as readonly string[]).includes(code);
}

/** Checked before anything is parsed. */
export const CNC_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const CNC_MAX_TRIANGLES = 5_000_000;
