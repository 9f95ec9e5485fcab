import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../lib/http';
import { QueryState } from './query-states';
import { Pagination } from './pagination';

const content = <p>The content</p>;

describe('QueryState (the one loading / error / empty / content switch)', () => {
  it('announces loading, then shows the content', () => {
    const { rerender } = renderWithProviders(
      <QueryState isPending error={null} isEmpty={false} onRetry={() => undefined}>
        {content}
      </QueryState>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('The content')).not.toBeInTheDocument();
    rerender(
      <QueryState isPending={false} error={null} isEmpty={false} onRetry={() => undefined}>
        {content}
      </QueryState>,
    );
    expect(screen.getByText('The content')).toBeInTheDocument();
  });

  it('shows the server error translated, with a retry that refetches', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <QueryState
        isPending={false}
        error={new ApiError({ status: 404, code: 'SELLER_NOT_FOUND', message: 'x' })}
        isEmpty={false}
        onRetry={onRetry}
      >
        {content}
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Seller not found.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('explains a 403 without a retry when the screen gives a denied message', () => {
    renderWithProviders(
      <QueryState
        isPending={false}
        error={new ApiError({ status: 403, code: 'FORBIDDEN', message: 'x' })}
        isEmpty={false}
        onRetry={() => undefined}
        deniedMessage="Admins only."
      >
        {content}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Admins only.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the empty state', () => {
    renderWithProviders(
      <QueryState isPending={false} error={null} isEmpty onRetry={() => undefined}>
        {content}
      </QueryState>,
    );
    expect(screen.getByText('Nothing here yet.')).toBeInTheDocument();
    expect(screen.queryByText('The content')).not.toBeInTheDocument();
  });
});

describe('Pagination (the one pager)', () => {
  it('moves between pages, disables the ends, and hides itself for a single page', async () => {
    const onPage = vi.fn();
    const { rerender } = renderWithProviders(
      <Pagination page={1} pageSize={10} total={25} onPage={onPage} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pagination page={3} pageSize={10} total={25} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={1} pageSize={10} total={10} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
