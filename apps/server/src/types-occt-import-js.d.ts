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
  /** Emscripten's module factory; `print`/`printErr` replace its console output. */
  export default function occtImportJs(module?: {
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }): Promise<Occt>;
}
