/** occt-import-js 0.0.23 ships no types: the factory as the browser's analysis worker calls it (decision 324). */
declare module 'occt-import-js' {
  import type { StepReader } from '@maplesource/contracts/cad/step';
  /** Emscripten's module factory; `locateFile` says where its .wasm is served, `print`/`printErr` drop its output. */
  export default function occtImportJs(module?: {
    locateFile?: (file: string) => string;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }): Promise<StepReader>;
}
