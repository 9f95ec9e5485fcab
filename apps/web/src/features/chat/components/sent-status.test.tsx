import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { SentStatus } from './sent-status';

describe('SentStatus', () => {
  it('is a polite live status, empty until a send is announced, then says "Message sent"', () => {
    const { rerender } = renderWithProviders(<SentStatus announcedAt={null} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('');
    rerender(<SentStatus announcedAt={1_000} />);
    expect(screen.getByRole('status')).toHaveTextContent('Message sent');
  });
});
