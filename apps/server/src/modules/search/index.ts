import '../catalog';
import '../sellers';
import '../content';

/**
 * The search module's door: `GET /search` across the catalogue, the seller directory and the blog. It has no
 * tables and no state of its own; the imports above are the modules it reads (through their decorators).
 */
export { searchRoutes } from './search.routes';
export { searchEverything, type SearchDoors, type SearchInput } from './search.service';
