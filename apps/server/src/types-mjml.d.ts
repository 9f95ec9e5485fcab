/** The part of MJML's API the mail layout uses (mjml 5 ships no types; decision 260). */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
  }
  export default function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult> | MjmlResult;
}
