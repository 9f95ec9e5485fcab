import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { isFooterHidden } from './footer';

describe('Footer', () => {
  it('is hidden on exactly /cnc-fabrication-quotes', async () => {
    renderApp('/cnc-fabrication-quotes');
    await screen.findByRole('heading', { level: 1, name: 'CNC fabrication quotes' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('is shown on /cnc-fabrication-quotes/abc', async () => {
    renderApp('/cnc-fabrication-quotes/abc');
    await screen.findByRole('heading', { level: 1, name: 'CNC fabrication quotes' });
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('MapleSource Inc., Toronto, Ontario, Canada');
    expect(footer).toHaveTextContent('© 2026');
  });

  it('is shown elsewhere', async () => {
    renderApp('/global-quote');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('matches the base path with a trailing slash only', () => {
    expect(isFooterHidden('/cnc-fabrication-quotes/')).toBe(true);
    expect(isFooterHidden('/cnc-fabrication-quotes/x')).toBe(false);
    expect(isFooterHidden('/cnc-fabrication-quotes-x')).toBe(false);
  });
});
