/** The STL reader lives in contracts, shared with the browser's analysis worker (decision 324). */
export { parseStl } from '@maplesource/contracts/cad/stl';
