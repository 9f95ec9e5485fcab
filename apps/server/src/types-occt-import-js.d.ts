/** The part of occt-import-js's API the CNC analysis uses (0.0.23 ships no types; decision 322). */
declare module 'occt-import-js' {
  interface OcctMesh {
    name: string;
    attributes: { position: { array: number[] }; normal?: { array: number[] } };
    index: { array: number[] };
  }
  interface OcctResult {
    success: boolean;
    meshes?: OcctMesh[];
  }
  interface OcctParams {
    linearUnit?: 'millimeter' | 'centimeter' | 'meter' | 'inch' | 'foot';
    linearDeflectionType?: 'bounding_box_ratio' | 'absolute_value';
    linearDeflection?: number;
    angularDeflection?: number;
  }
  interface Occt {
    ReadStepFile(content: Uint8Array, params: OcctParams | null): OcctResult;
  }
  /**
   * Emscripten's module factory; `print`/`printErr` replace its console output; `instantiateWasm` instantiates an
   * already compiled module instead of fetching and compiling the .wasm (decision 332).
   */
  export default function occtImportJs(module?: {
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }): Promise<Occt>;
}

/**
 * The two WebAssembly functions the CNC analysis calls (decision 332): the types this project gets from
 * @types/node declare WebAssembly's types but not these values, which Node has.
 */
declare namespace WebAssembly {
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
