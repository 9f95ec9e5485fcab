import { useEffect } from 'react';

/** Sets `<title>` to "<title> | MapleSource" (the SEO feature may override it later). */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} | MapleSource`;
  }, [title]);
}
