/** occt-import-js 0.0.23 ships no types: the factory as the browser's analysis worker calls it (decisions 324, 335). */
declare module 'occt-import-js' {
  import type { StepReader } from '@maplesource/contracts/cad/step';
  /**
   * Emscripten's module factory; `print`/`printErr` drop its output; `instantiateWasm` instantiates the WebAssembly
   * itself (a module compiled once per page) and hands the instance to `receive`.
   */
  export default function occtImportJs(module?: {
    locateFile?: (file: string) => string;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) => object;
  }): Promise<StepReader>;
}
