import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../../lib/i18n';
import { MainImage } from './main-image';

const images = ['/a.svg', '/b.svg', '/c.svg'];

async function renderImage(language: 'en' | 'fr' = 'en') {
  await loadLanguage(language);
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MainImage name="Steel bracket" images={images} />
    </I18nextProvider>,
  );
}
const shown = (dialog: HTMLElement) => within(dialog).getAllByRole('img')[0]!.getAttribute('src');

describe('media modal (docs/product.md §2)', () => {
  it('opens from the main image as a labelled dialog; arrows turn, Escape closes and focus returns', async () => {
    const user = userEvent.setup();
    await renderImage();
    const opener = screen.getByRole('button', { name: 'Open the image gallery of Steel bracket' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Steel bracket' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText('Image 1 of 3')).toBeInTheDocument();
    expect(shown(dialog)).toBe('/a.svg');

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('Image 2 of 3')).toBeInTheDocument();
    expect(shown(dialog)).toBe('/b.svg');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByText('Image 3 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show image 1' }));
    expect(within(dialog).getByText('Image 1 of 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shown(dialog)).toBe('/b.svg');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('turns the image with a swipe on a touch screen, in French', async () => {
    await renderImage('fr');
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir la galerie d’images de Steel bracket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Steel bracket' });
    const stage = within(dialog).getByTestId('gallery-stage');
    fireEvent.touchStart(stage, { changedTouches: [{ clientX: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 120 }] });
    expect(within(dialog).getByText('Image 2 sur 3')).toBeInTheDocument();
    fireEvent.touchStart(stage, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 110 }] }); // too short: not a swipe
    expect(within(dialog).getByText('Image 2 sur 3')).toBeInTheDocument();
    fireEvent.touchStart(stage, { changedTouches: [{ clientX: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 260 }] });
    expect(within(dialog).getByText('Image 1 sur 3')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer la galerie' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
