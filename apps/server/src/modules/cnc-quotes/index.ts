/**
 * CNC instant quotes (decisions 302, 322): the analysis of an uploaded part. The door exports operations and types only.
 */
export { parseStl } from './analysis/stl';
export { measureMesh, type MeshGeometry } from './analysis/mesh-geometry';
export {
  CNC_FILE_REJECTIONS,
  CNC_MAX_FILE_BYTES,
  CNC_MAX_TRIANGLES,
  CncFileRejected,
  type CncFileRejection,
} from './analysis/file-rejection';
export {
  analyseCadFile,
  CNC_ANALYSIS_LIMITS,
  compileOcctOnce,
  type CncAnalysisLimits,
} from './operations/analyse-cad-file';
export { addCncRates, currentCncRates, listCncRates } from './operations/cnc-rates';
export { cncQuotesRoutes } from './cnc-quotes.routes';
/** Decision 325: a request for firm quotes locks the quote, reads its kept file and records the request once. */
export { lockCncQuoteForRfq, recordCncQuoteRfq } from './operations/cnc-quotes';
/** Decision 347: the files that go with a deleted account. */
export { cncQuoteFileKeysOf } from './operations/cnc-quotes';
export { firmQuoteRequestText } from './operations/cnc-quote-words';
