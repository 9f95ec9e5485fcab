import type { cncFileRejectionCodes } from '../cnc-quotes';

/**
 * Why a CAD file cannot be analysed (decisions 302, 322, 324), thrown by the readers the server's analysis worker
 * and the browser's share. Type-only link to cnc-quotes.ts: the browser's worker does not load zod.
 */
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
