import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
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

/** The view the keys and the pointer move: angles around the part and the distance as a multiple of its size. */
type View = { yaw: number; pitch: number; zoom: number };
const START: View = { yaw: Math.PI / 4, pitch: Math.PI / 6, zoom: 2.6 };
const STEP = Math.PI / 18;
const clampPitch = (pitch: number) => Math.max(-1.5, Math.min(1.5, pitch));
const clampZoom = (zoom: number) => Math.max(0.8, Math.min(12, zoom));

/** Arrows rotate by 10°, + and − zoom by 15 %, 0 resets (decision 324); other keys are left alone. */
export function viewAfterKey(view: View, key: string): View | null {
  switch (key) {
    case 'ArrowLeft':
      return { ...view, yaw: view.yaw - STEP };
    case 'ArrowRight':
      return { ...view, yaw: view.yaw + STEP };
    case 'ArrowUp':
      return { ...view, pitch: clampPitch(view.pitch + STEP) };
    case 'ArrowDown':
      return { ...view, pitch: clampPitch(view.pitch - STEP) };
    case '+':
    case '=':
      return { ...view, zoom: clampZoom(view.zoom / 1.15) };
    case '-':
    case '_':
      return { ...view, zoom: clampZoom(view.zoom * 1.15) };
    case '0':
      return START;
    default:
      return null;
  }
}

/**
 * The part in 3D (three.js, loaded only with this module when a part is shown; decision 324): a focusable canvas
 * with a label and the key bindings, the pointer to orbit and the wheel to zoom, and a text alternative.
 */
export default function PartPreview({
  positions,
  normals,
  simplified,
  name,
  description,
}: {
  positions: Float32Array;
  normals: Float32Array;
  simplified: boolean;
  name: string;
  description: string;
}) {
  const { t, i18n } = useTranslation('cncQuotes');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<View>(START);
  const renderRef = useRef<(() => void) | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const descriptionId = useId();
  const helpId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
    } catch {
      setUnavailable(true);
      return;
    }
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
    renderer.setClearColor(0xf3f4f6);
    renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));

    const draw = () => {
      frame = 0;
      const { clientWidth, clientHeight } = canvas;
      renderer.setSize(clientWidth, clientHeight, false);
      camera.aspect = clientWidth / Math.max(clientHeight, 1);
      const { yaw, pitch, zoom } = viewRef.current;
      const distance = Math.max(sphere.radius, 1e-3) * zoom;
      camera.position.set(
        distance * Math.cos(pitch) * Math.sin(yaw),
        distance * Math.sin(pitch),
        distance * Math.cos(pitch) * Math.cos(yaw),
      );
      camera.lookAt(new Vector3(0, 0, 0));
      camera.updateProjectionMatrix();
      light.position.copy(camera.position);
      renderer.render(scene, camera);
    };
    // On demand only: one frame per change, however many pointer or key events arrive before it (no loop when idle).
    let frame = 0;
    const render = () => {
      if (frame === 0) frame = requestAnimationFrame(draw);
    };
    renderRef.current = render;
    render();
    const observer = new ResizeObserver(render);
    observer.observe(canvas);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      renderRef.current = null;
      geometry.dispose();
      material.dispose();
      renderer.dispose();
    };
  }, [positions, normals]);

  const move = (view: View) => {
    viewRef.current = view;
    renderRef.current?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const next = viewAfterKey(viewRef.current, event.key);
    if (!next) return;
    event.preventDefault();
    move(next);
  };
  const drag = useRef<{ x: number; y: number } | null>(null);

  return (
    <figure className="space-y-2">
      {unavailable ? (
        <div
          role="img"
          aria-label={t('preview.label', { name })}
          aria-describedby={`${descriptionId} ${helpId}`}
          className="rounded-md bg-gray-100 p-4 text-sm text-gray-700"
        >
          {t('preview.unavailable')}
        </div>
      ) : (
        <canvas
          ref={canvasRef}
          tabIndex={0}
          role="img"
          aria-label={t('preview.label', { name })}
          aria-describedby={`${descriptionId} ${helpId}`}
          data-testid="cnc-preview"
          className="aspect-[4/3] w-full touch-none rounded-lg border border-gray-200 bg-gray-100 focus-visible:outline-2 focus-visible:outline-maple-600"
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            drag.current = { x: event.clientX, y: event.clientY };
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (!drag.current) return;
            const { yaw, pitch, zoom } = viewRef.current;
            const dx = event.clientX - drag.current.x;
            const dy = event.clientY - drag.current.y;
            drag.current = { x: event.clientX, y: event.clientY };
            move({ yaw: yaw - dx * 0.01, pitch: clampPitch(pitch + dy * 0.01), zoom });
          }}
          onPointerUp={() => (drag.current = null)}
          onPointerCancel={() => (drag.current = null)}
          onWheel={(event) => {
            const { zoom } = viewRef.current;
            move({ ...viewRef.current, zoom: clampZoom(zoom * (event.deltaY > 0 ? 1.1 : 1 / 1.1)) });
          }}
        />
      )}
      <figcaption className="text-xs text-gray-600">
        <span id={descriptionId}>
          {description}
          {simplified
            ? ` ${t('preview.simplified', { count: formatNumber(positions.length / 9, i18n.language) })}`
            : null}
        </span>{' '}
        <span id={helpId}>{t('preview.help')}</span>
      </figcaption>
    </figure>
  );
}
