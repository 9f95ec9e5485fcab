/** Why an uploaded CAD file cannot be analysed; each code becomes a 4xx the web explains (decisions 302, 322). */
export const CNC_FILE_REJECTIONS = [
  'CNC_FILE_EMPTY',
  'CNC_FILE_TOO_LARGE',
  'CNC_FILE_NOT_A_MESH',
  'CNC_FILE_TRUNCATED',
  'CNC_FILE_TOO_MANY_TRIANGLES',
  /** Neither .stl nor .step/.stp. */
  'CNC_FILE_UNSUPPORTED_TYPE',
  /** A .step/.stp file OpenCascade cannot read (garbage, cut short, not STEP at all). */
  'CNC_FILE_NOT_A_STEP_MODEL',
  /** A readable STEP file that holds no solid to machine (only curves, points, an empty assembly). */
  'CNC_FILE_NO_SOLID',
  /** The analysis ran past its time or memory limit (decision 322). */
  'CNC_FILE_TOO_COMPLEX',
] as const;
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
