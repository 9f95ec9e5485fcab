import { useRef, useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InsertImageButton, insertAt, markdownImage } from './insert-image-button';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Editor({ initial }: { initial: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(initial);
  return (
    <>
      <textarea aria-label="Body" ref={ref} value={value} onChange={(e) => setValue(e.target.value)} />
      <InsertImageButton textareaRef={ref} value={value} onChange={setValue} label="Body (English)" />
    </>
  );
}

const png = (name = 'steel-beam.png', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('insert image', () => {
  it('builds Markdown that keeps the alt text inside its brackets, on its own line', () => {
    expect(markdownImage('A [weird]\nalt', '/uploads/x.webp')).toBe('![A weird alt](/uploads/x.webp)');
    expect(insertAt('ab', 1, 1, 'X')).toEqual({ text: 'a\nX\nb', cursor: 4 });
    expect(insertAt('a\n', 2, 2, 'X')).toEqual({ text: 'a\nX', cursor: 3 });
  });

  it('uploads the picked file as the admin and inserts ![alt](/uploads/…) at the cursor', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).includes('/api/v1/admin/uploads'))
        return json(
          {
            url: `/uploads/${'a'.repeat(64)}.webp`,
            name: `${'a'.repeat(64)}.webp`,
            contentType: 'image/webp',
            bytes: 10,
            width: 1,
            height: 1,
          },
          201,
        );
      return json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
    });
    const user = userEvent.setup();
    renderWithProviders(<Editor initial={'Intro\n\nEnd'} />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Body');
    area.setSelectionRange(7, 7); // the empty line
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [png()] } });
    const alt = await screen.findByLabelText('Image description (alt text)');
    expect(alt).toHaveValue('steel beam');
    await user.clear(alt);
    await user.type(alt, 'Steel beam on a truck');
    await user.click(screen.getByRole('button', { name: 'Upload and insert' }));
    await waitFor(() =>
      expect(area.value).toBe(`Intro\n\n![Steel beam on a truck](/uploads/${'a'.repeat(64)}.webp)\nEnd`),
    );
    const call = fetchMock.mock.calls.find((c) => String(c[0]).includes('/admin/uploads'))!;
    expect(new Headers(call[1]!.headers).get('role')).toBe('admin');
    expect(call[1]!.body).toBeInstanceOf(FormData);
  });

  it('refuses other types and files over 5 MB before uploading; shows the server error', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        json({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only JPEG…' } }, 415),
      );
    const user = userEvent.setup();
    renderWithProviders(<Editor initial="" />);
    const input = document.querySelector('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    fireEvent.change(input, { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { files: [png('fake.png')] } });
    await user.click(await screen.findByRole('button', { name: 'Upload and insert' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported.');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Body').value).toBe('');
  });
});
