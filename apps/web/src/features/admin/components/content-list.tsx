import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';

/**
 * The pieces the admin console's content lists share (SEO entries, global paragraphs, blogs): a paged list with
 * its loading, denied, empty and error states; a row's edit and delete buttons; a delete asked once and reported
 * by toast; an editor's save and cancel buttons.
 */

type PagedList = { items: readonly unknown[]; total: number; pageSize: number };

/** The list's states around `children` (its rows), with the pages below them. */
export function PagedContentList({
  list,
  page,
  onPage,
  children,
}: {
  list: UseQueryResult<PagedList>;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <QueryState
      deniedMessage={t('denied')}
      isPending={list.isPending}
      error={list.error}
      isEmpty={list.data?.items.length === 0}
      onRetry={() => void list.refetch()}
    >
      {children}
      {list.data ? (
        <Pagination page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={onPage} />
      ) : null}
    </QueryState>
  );
}

/** A delete that asks `question` first and says how it went. */
export function useConfirmedDelete<TData>(remove: UseMutationResult<TData, Error, string>) {
  const { t } = useTranslation('admin');
  return (id: string, question: string) => {
    if (!window.confirm(question)) return;
    remove.mutate(id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: (error) => toast.error(errorMessage(t, error)),
    });
  };
}

/** An editor's save reported by toast; the editor closes when it is saved and stays open (input kept) when not. */
export function useSaveReport(onDone: () => void) {
  const { t } = useTranslation('admin');
  return {
    onSuccess: () => {
      toast.success(t('saved'));
      onDone();
    },
    onError: (error: Error) => toast.error(errorMessage(t, error)),
  };
}

export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        {t('edit')}
      </Button>
      <Button size="sm" variant="danger" onClick={onDelete}>
        {t('delete')}
      </Button>
    </>
  );
}

export function EditorActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex gap-2">
      <Button type="submit" disabled={saving}>
        {t('save')}
      </Button>
      <Button type="button" variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
    </div>
  );
}
