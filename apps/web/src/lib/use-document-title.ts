import { useEffect } from 'react';

/** Sets the browser tab title to "{title} · Ahente" while the calling screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Ahente` : 'Ahente';
  }, [title]);
}
