/**
 * Decision 344: the text styles the figures and the price use that the instant quote shows nowhere before a part is
 * measured (size and weight: each is a new font "strike" for Chromium). Resolving a strike asks the browser process
 * for its font settings synchronously (fontconfig on Linux); while OpenCascade compiles on the other cores that
 * answer waited 12–45 ms each and made the results' layout an 80–100 ms task. Drawn hidden with the page, they are
 * resolved before any file. `th` is bold by the browser's own style. The e2e checks this list against the results.
 */
export const RESULT_TEXT_STYLES = ['text-xl font-bold', 'font-medium', 'text-sm font-bold'] as const;

/** Letters, digits and the signs the figures write in English and French (×, $, accents, non-breaking spaces). */
const SAMPLE = 'Aa0123456789 $.,:;()×–—…’«»\u00a0\u202féèàçôÉ';

/** Hidden from everyone (visibility and the accessibility tree), no size, but laid out: its fonts are resolved. */
export function ResultFontsWarmUp() {
  return (
    <div
      aria-hidden="true"
      data-testid="cnc-result-fonts"
      className="pointer-events-none invisible fixed top-0 left-0 h-0 w-0 overflow-hidden whitespace-nowrap"
    >
      {RESULT_TEXT_STYLES.map((style) => (
        <span key={style} className={style}>
          {SAMPLE}
        </span>
      ))}
    </div>
  );
}
