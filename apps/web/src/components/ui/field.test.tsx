import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Field, Textarea } from './field';

describe('Textarea (a multi-line field of the UI kit)', () => {
  it('is wired to its label, hint and error and red-bordered only while the Field shows an error', () => {
    const { rerender } = render(
      <Field label="Notes" hint="Shown to the buyer">
        {(p) => <Textarea {...p} rows={2} maxLength={2000} />}
      </Field>,
    );
    const box = screen.getByRole('textbox', { name: 'Notes' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('rows', '2');
    expect(box).toHaveAttribute('maxlength', '2000');
    expect(box).toHaveAccessibleDescription('Shown to the buyer');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).toHaveClass('border-gray-300');
    expect(box).not.toHaveClass('border-red-700');

    rerender(
      <Field label="Notes" hint="Shown to the buyer" error="Too long">
        {(p) => <Textarea {...p} rows={2} maxLength={2000} />}
      </Field>,
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Shown to the buyer Too long');
    expect(box).toHaveClass('border-red-700');
    expect(box).not.toHaveClass('border-gray-300');
  });
});
