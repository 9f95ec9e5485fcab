import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultFontsWarmUp, RESULT_TEXT_STYLES } from './result-fonts';

describe("the results' text styles are laid out with the page (decision 344)", () => {
  it('draws each style hidden from sight and from assistive technology', () => {
    render(<ResultFontsWarmUp />);
    const warmUp = screen.getByTestId('cnc-result-fonts');
    expect(warmUp).toHaveAttribute('aria-hidden', 'true');
    expect(warmUp).toHaveClass('invisible');
    expect([...warmUp.children].map((child) => child.className)).toEqual([...RESULT_TEXT_STYLES]);
    for (const child of warmUp.children) expect(child.textContent).toMatch(/0123456789.*×.*é/);
  });
});
