import { afterEach, describe, expect, it } from 'vitest';
import { APP_STYLES_ATTRIBUTE, applyAppStyles } from './app-styles';

const appLink = () => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.media = 'print';
  link.setAttribute(APP_STYLES_ATTRIBUTE, '');
  document.head.append(link);
  return link;
};

afterEach(() => document.head.replaceChildren());

describe('applyAppStyles (decision 221)', () => {
  it('resolves at once without app stylesheets', async () => {
    await expect(applyAppStyles()).resolves.toBeUndefined();
  });

  it('switches a stylesheet to all media only once it has loaded, and resolves then', async () => {
    const link = appLink();
    let done = false;
    const applied = applyAppStyles().then(() => (done = true));
    await Promise.resolve();
    expect(link.media).toBe('print');
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await applied;
    expect(link.media).toBe('all');
  });

  it('switches on a stylesheet that failed to load too, so the app still renders', async () => {
    const link = appLink();
    const applied = applyAppStyles();
    link.dispatchEvent(new Event('error'));
    await applied;
    expect(link.media).toBe('all');
  });

  it('leaves stylesheets without the attribute alone', async () => {
    const other = document.createElement('link');
    other.rel = 'stylesheet';
    other.media = 'print';
    document.head.append(other);
    await applyAppStyles();
    expect(other.media).toBe('print');
  });
});
