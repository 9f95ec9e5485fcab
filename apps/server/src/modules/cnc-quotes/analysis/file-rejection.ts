/** Why an uploaded CAD file cannot be analysed; each code becomes a 4xx the web explains (decision 302). */
export const CNC_FILE_REJECTIONS = [
  'CNC_FILE_EMPTY',
  'CNC_FILE_TOO_LARGE',
  'CNC_FILE_NOT_A_MESH',
  'CNC_FILE_TRUNCATED',
  'CNC_FILE_TOO_MANY_TRIANGLES',
] as const;
export type CncFileRejection = (typeof CNC_FILE_REJECTIONS)[number];

export class CncFileRejected extends Error {
  constructor(readonly code: CncFileRejection) {
    super(code);
    this.name = 'CncFileRejected';
  }
}

/** Checked before anything is parsed. */
export const CNC_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const CNC_MAX_TRIANGLES = 5_000_000;
