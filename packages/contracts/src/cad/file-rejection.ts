/**
 * Why an uploaded CAD file cannot be analysed, thrown by the readers the server's analysis worker and the
 * browser's share (decisions 302, 322, 324). Here, without zod: both workers load this module alone.
 */
export const cncFileRejectionCodes = [
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

export type CncFileRejection = (typeof cncFileRejectionCodes)[number];

export class CncFileRejected extends Error {
  constructor(readonly code: CncFileRejection) {
    super(code);
    this.name = 'CncFileRejected';
  }
}

/** Checked before anything is parsed. */
export const CNC_MAX_FILE_BYTES = 100 * 1024 * 1024;
export const CNC_MAX_TRIANGLES = 5_000_000;

export type CadFileKind = 'stl' | 'step';

/** The reader a file name asks for: .stl, or .step/.stp (any case); anything else is refused. */
export function cadFileKind(fileName: string): CadFileKind {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'stl') return 'stl';
  if (extension === 'step' || extension === 'stp') return 'step';
  throw new CncFileRejected('CNC_FILE_UNSUPPORTED_TYPE');
}
