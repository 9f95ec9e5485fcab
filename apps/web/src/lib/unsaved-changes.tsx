import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';

type Pending = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

/** React Router's own index of the current history entry (its `BrowserRouter` keeps it in `history.state`). */
const historyIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

/** The in-app address a click on this link leads to, or null when the click is not an in-app navigation. */
function inAppTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Asks before leaving a form with unsaved edits (decision 262). Reload, close and another site: the browser's own
 * `beforeunload` question. In-app links and the back and forward buttons: our dialog ("Stay" / "Leave"), because
 * the app's element routes have no data router and so no `useBlocker` (decision 125). Render what it returns.
 */
export function useUnsavedChangesWarning(dirty: boolean): ReactNode {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);
  const currentIndex = useRef<number | null>(null);
  const swallowNextPop = useRef(false);
  const leaving = useRef(false);

  useEffect(() => {
    currentIndex.current = historyIndex(window.history.state);
    leaving.current = false;
  }, [location.key]);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    // Capture on the document: before the router's link handler (on React's root) sees the click.
    const click = (event: MouseEvent) => {
      if (leaving.current) return;
      const target = inAppTarget(event);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to: target });
    };
    // Capture on the window: before the router's own listener, which would show the other page. The browser has
    // already moved in its history; go back to where we were and ask.
    const popState = (event: PopStateEvent) => {
      if (leaving.current) return;
      if (swallowNextPop.current) {
        swallowNextPop.current = false;
        event.stopImmediatePropagation();
        return;
      }
      const from = currentIndex.current;
      const to = historyIndex(event.state);
      if (from === null || to === null || from === to) return;
      event.stopImmediatePropagation();
      swallowNextPop.current = true;
      window.history.go(from - to);
      setPending({ kind: 'history', delta: to - from });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    window.addEventListener('popstate', popState, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
      window.removeEventListener('popstate', popState, true);
    };
  }, [dirty]);

  const leave = () => {
    const next = pending;
    setPending(null);
    if (!next) return;
    leaving.current = true;
    if (next.kind === 'link') void navigate(next.to);
    else window.history.go(next.delta);
  };

  return (
    <Modal
      open={pending !== null}
      onClose={() => setPending(null)}
      title={t('unsavedChanges.title')}
      description={t('unsavedChanges.body')}
      closeLabel={t('modal.close')}
      size="sm"
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setPending(null)}>
            {t('unsavedChanges.stay')}
          </Button>
          <Button type="button" onClick={leave}>
            {t('unsavedChanges.leave')}
          </Button>
        </div>
      }
    >
      {null}
    </Modal>
  );
}
