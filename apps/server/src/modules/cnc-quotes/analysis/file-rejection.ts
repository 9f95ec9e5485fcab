import { cncFileRejectionCodes, type CncFileRejection } from '@maplesource/contracts/cad/file-rejection';

/** Why an uploaded CAD file cannot be analysed; each code becomes a 4xx the web explains (decisions 302, 322). */
export const CNC_FILE_REJECTIONS = cncFileRejectionCodes;
// One class and one set of limits for the server's and the browser's readers (decision 324).
export {
  CNC_MAX_FILE_BYTES,
  CNC_MAX_TRIANGLES,
  CncFileRejected,
  type CncFileRejection,
} from '@maplesource/contracts/cad/file-rejection';

export function isCncFileRejection(code: unknown): code is CncFileRejection {
  return typeof code === 'string' && (CNC_FILE_REJECTIONS as readonly string[]).includes(code);
}
