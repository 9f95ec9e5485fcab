import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatAttachment } from '@maplesource/contracts/chat';
import { renderWithProviders } from '../../../test/render';
import { clearToasts } from '../../../lib/toast-store';
import { chatId } from '../test-support';
import { MessageBox, type UploadImages } from './message-box';

afterEach(() => clearToasts());

const attachment: ChatAttachment = {
  id: '20000000-0000-4000-8000-000000000000',
  url: '/api/v1/chat-attachments/a',
  thumbnailUrl: '/api/v1/chat-attachments/a?thumb=1',
  width: 640,
  height: 480,
};

function deferredUpload() {
  let finish: (attachments: ChatAttachment[]) => void = () => undefined;
  let progress: (fraction: number) => void = () => undefined;
  const upload = vi.fn<UploadImages>(
    (_chatId, _files, onProgress) =>
      new Promise((resolve) => {
        progress = onProgress;
        finish = resolve;
      }),
  );
  return { upload, progress: (f: number) => progress(f), finish: (a: ChatAttachment[]) => finish(a) };
}

describe('the message box', () => {
  it('refuses a file that is not an image and an image of 5MB or more, before uploading', async () => {
    const { upload } = deferredUpload();
    renderWithProviders(<MessageBox chatId={chatId} onSend={vi.fn()} onTyping={vi.fn()} upload={upload} />);
    const input = screen.getByLabelText('Attach image');
    await userEvent.upload(input, new File(['%PDF'], 'photo.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('Please select valid image files.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('Each image must be under 5MB.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows upload progress, then sends the text with the stored images', async () => {
    const deferred = deferredUpload();
    const onSend = vi.fn();
    renderWithProviders(
      <MessageBox chatId={chatId} onSend={onSend} onTyping={vi.fn()} upload={deferred.upload} />,
    );
    await userEvent.upload(
      screen.getByLabelText('Attach image'),
      new File(['png'], 'part.png', { type: 'image/png' }),
    );
    expect(deferred.upload).toHaveBeenCalledWith(chatId, [expect.any(File)], expect.any(Function));
    act(() => deferred.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Uploading images' })).toHaveAttribute('value', '40');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await act(async () => deferred.finish([attachment]));
    expect(await screen.findByText('Image uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'See the drawing');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith('See the drawing', [attachment]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('does not send an empty message', async () => {
    const onSend = vi.fn();
    renderWithProviders(<MessageBox chatId={chatId} onSend={onSend} onTyping={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });
});
