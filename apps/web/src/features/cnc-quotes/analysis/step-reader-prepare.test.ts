import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_TRIANGULATION } from '@maplesource/contracts/cad/step';

/** The smallest valid WebAssembly module (magic and version only). */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

describe("the worker's preparation of OpenCascade (decision 344)", () => {
  afterEach(() => {
    vi.doUnmock('occt-import-js');
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** occt-import-js replaced by a factory that instantiates through the hook and records what it is asked to read. */
  function mockOcct(answer: unknown) {
    const reads: { text: string; params: unknown }[] = [];
    vi.doMock('occt-import-js', () => ({
      default: (options: {
        instantiateWasm: (
          imports: WebAssembly.Imports,
          receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
        ) => object;
      }) =>
        new Promise((resolve) => {
          options.instantiateWasm({}, () =>
            resolve({
              ReadStepFile: (bytes: Uint8Array, params: unknown) => {
                reads.push({ text: new TextDecoder().decode(bytes), params });
                return answer;
              },
            }),
          );
        }),
    }));
    return reads;
  }

  const oneTriangle = {
    success: true,
    meshes: [
      { attributes: { position: { array: [0, 0, 0, 1, 0, 0, 0, 1, 0] } }, index: { array: [0, 1, 2] } },
    ],
  };

  it('compiles OpenCascade once, hands the module over, then reads its small STEP part with the files’ settings', async () => {
    const reads = mockOcct(oneTriangle);
    const fetch = vi.fn(
      async () => new Response(EMPTY_WASM, { headers: { 'content-type': 'application/wasm' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const onCompiled = vi.fn();
    const { prepareStepReader } = await import('./step-reader');
    await prepareStepReader(onCompiled);
    expect(fetch).toHaveBeenCalled();
    expect(onCompiled).toHaveBeenCalledTimes(1);
    expect(onCompiled.mock.calls[0]![0]).toBeInstanceOf(WebAssembly.Module);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.text).toMatch(
      /^ISO-10303-21;\nHEADER;[\s\S]*MANIFOLD_SOLID_BREP[\s\S]*END-ISO-10303-21;\n$/,
    );
    expect(reads[0]!.params).toEqual(STEP_TRIANGULATION);
  });

  it('fails when its part cannot be read, so the page does not call OpenCascade prepared', async () => {
    mockOcct({ success: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(EMPTY_WASM, { headers: { 'content-type': 'application/wasm' } })),
    );
    const { prepareStepReader } = await import('./step-reader');
    await expect(prepareStepReader(() => undefined)).rejects.toMatchObject({
      code: 'CNC_FILE_NOT_A_STEP_MODEL',
    });
  });
});
