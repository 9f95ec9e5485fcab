import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  DirectionalLight,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import type { DrawingSize, View } from './preview-view';

/**
 * The preview's three.js drawing, the only one (decisions 324, 340): the preview worker runs it on the canvas the page
 * transferred to it (an OffscreenCanvas), and the page runs it on the canvas itself where a worker cannot draw.
 */
export type PreviewCanvas = HTMLCanvasElement | OffscreenCanvas;

/** The part as the analysis worker built it: triangle corners and their face normals (decision 324). */
export type PreviewMesh = { positions: Float32Array; normals: Float32Array };

export interface PreviewRenderer {
  /** Draws one frame of the part from this view into a drawing buffer of this size. */
  draw(view: View, size: DrawingSize): void;
  /** Frees the geometry, the material and the renderer (its WebGL context included). */
  dispose(): void;
}

/**
 * Throws when the canvas gives no WebGL context. `preserveDrawingBuffer` keeps the last frame readable on a page's
 * canvas (as before decision 340); an OffscreenCanvas presents each frame itself and does not need it.
 */
export function createPreviewRenderer(
  canvas: PreviewCanvas,
  { positions, normals }: PreviewMesh,
  { preserveDrawingBuffer }: { preserveDrawingBuffer: boolean },
): PreviewRenderer {
  const renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer });
  // The worker built the triangles and their normals (thinned past 100,000, decision 324): only wrapping here.
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('normal', new BufferAttribute(normals, 3));
  geometry.computeBoundingSphere();
  const sphere = geometry.boundingSphere!;
  // Lambert and no multisampling: the cheapest shader to compile and draw in software WebGL (decision 324).
  const material = new MeshLambertMaterial({ color: 0x9aa4b1 });
  const mesh = new Mesh(geometry, material);
  mesh.position.sub(sphere.center);
  const scene = new Scene();
  scene.add(mesh, new AmbientLight(0xffffff, 0.9));
  const light = new DirectionalLight(0xffffff, 1.6);
  scene.add(light);
  const camera = new PerspectiveCamera(40, 1, Math.max(sphere.radius / 100, 1e-4), sphere.radius * 100);
  const origin = new Vector3(0, 0, 0);
  renderer.setClearColor(0xf3f4f6);
  // Sizes arrive in device pixels already (CSS size × the device pixel ratio capped at 2, preview-view.ts).
  renderer.setPixelRatio(1);
  let drawn: DrawingSize | null = null;

  return {
    draw(view, size) {
      // A canvas's buffer is reallocated whenever its width is set, even to the same value: only on a change.
      if (!drawn || drawn.width !== size.width || drawn.height !== size.height) {
        renderer.setSize(size.width, size.height, false);
        camera.aspect = size.width / Math.max(size.height, 1);
        camera.updateProjectionMatrix();
        drawn = size;
      }
      const { yaw, pitch, zoom } = view;
      const distance = Math.max(sphere.radius, 1e-3) * zoom;
      camera.position.set(
        distance * Math.cos(pitch) * Math.sin(yaw),
        distance * Math.sin(pitch),
        distance * Math.cos(pitch) * Math.cos(yaw),
      );
      camera.lookAt(origin);
      light.position.copy(camera.position);
      renderer.render(scene, camera);
    },
    dispose() {
      geometry.dispose();
      material.dispose();
      renderer.dispose();
    },
  };
}
