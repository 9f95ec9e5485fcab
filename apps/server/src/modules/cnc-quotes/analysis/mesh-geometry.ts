/** The mesh measurement lives in contracts, shared with the browser's analysis worker (decision 324). */
export { measureMesh, type MeshGeometry } from '@maplesource/contracts/cad/mesh-geometry';
