import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';

// Only the admin ever opens the prompt, so its code loads on first use.
const SiteTextDialog = lazy(() => import('./site-text-dialog').then((m) => ({ default: m.SiteTextDialog })));

type OpenEditor = (key: SiteTextKey) => void;

const SiteTextEditorContext = createContext<OpenEditor | null>(null);

/** How a SiteText asks for the prompt; null outside the provider (no editing possible there). */
export function useOpenSiteTextEditor(): OpenEditor | null {
  return useContext(SiteTextEditorContext);
}

/**
 * One prompt for the whole site, opened by any SiteText the admin right-clicks. Keeping it here
 * instead of in each SiteText keeps dozens of texts from each carrying a dialog.
 */
export function SiteTextEditorProvider({ children }: { children: ReactNode }) {
  const [editing, setEditing] = useState<{ key: SiteTextKey; open: boolean } | null>(null);
  const open = useCallback<OpenEditor>((key) => setEditing({ key, open: true }), []);
  const close = useCallback(() => setEditing((current) => (current ? { ...current, open: false } : null)), []);
  const exited = useCallback(() => setEditing(null), []);

  return (
    <SiteTextEditorContext value={open}>
      {children}
      {editing && (
        <Suspense fallback={null}>
          <SiteTextDialog textKey={editing.key} open={editing.open} onClose={close} onExited={exited} />
        </Suspense>
      )}
    </SiteTextEditorContext>
  );
}
