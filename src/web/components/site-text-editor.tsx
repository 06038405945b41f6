import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { isAdmin, useSession } from '../lib/session';
import { keysDrawnWithT, useSiteText } from '../lib/site-text';
import type { DrawnTexts } from './site-text-right-click';

// Only the admin ever opens the prompt or the edit mode, so their code loads on first use, and
// finding the text under the pointer loads when an admin signs in.
const SiteTextDialog = lazy(() => import('./site-text-dialog').then((m) => ({ default: m.SiteTextDialog })));
const SiteTextEditMode = lazy(() => import('./site-text-edit-mode').then((m) => ({ default: m.SiteTextEditMode })));

/** Opens the prompt for a text; several keys when the same words are drawn from more than one. */
type OpenEditor = (keys: SiteTextKey | SiteTextKey[]) => void;

type EditorContextValue = {
  open: OpenEditor;
  /** The "Edit texts on this page" mode: every text outlined, reachable with Tab, opened with Enter. */
  editMode: boolean;
  setEditMode: (on: boolean) => void;
};

const SiteTextEditorContext = createContext<EditorContextValue | null>(null);

/** How a part of the page asks for the prompt; null outside the provider (no editing possible there). */
export function useOpenSiteTextEditor(): OpenEditor | null {
  return useContext(SiteTextEditorContext)?.open ?? null;
}

export function useSiteTextEditor(): EditorContextValue | null {
  return useContext(SiteTextEditorContext);
}

/**
 * One prompt for the whole site. For the admin, right-clicking any text the site draws from the
 * string table opens it (docs/product.md: "Right-clicking any site text as admin opens a prompt with its
 * key"), whether a SiteText drew it or a component used t() for a label or a message.
 */
export function SiteTextEditorProvider({ children }: { children: ReactNode }) {
  const admin = isAdmin(useSession());
  const { peek } = useSiteText();
  const [editing, setEditing] = useState<{ keys: SiteTextKey[]; open: boolean } | null>(null);
  const [editMode, setEditMode] = useState(false);
  const open = useCallback<OpenEditor>((keys) => setEditing({ keys: [keys].flat(), open: true }), []);
  const close = useCallback(() => setEditing((current) => (current ? { ...current, open: false } : null)), []);
  const exited = useCallback(() => setEditing(null), []);
  const drawnTexts = useCallback<DrawnTexts>(() => Array.from(keysDrawnWithT(), (key) => [key, peek(key)] as const), [peek]);

  useEffect(() => {
    if (!admin) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./site-text-right-click').then(({ openPromptOnRightClick }) => {
      if (!cancelled) stop = openPromptOnRightClick(drawnTexts, open);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [admin, drawnTexts, open]);

  const value = useMemo(() => ({ open, editMode: admin && editMode, setEditMode }), [open, admin, editMode, setEditMode]);
  return (
    <SiteTextEditorContext value={value}>
      {children}
      {admin && editMode && (
        <Suspense fallback={null}>
          <SiteTextEditMode onOpen={open} onDone={() => setEditMode(false)} promptOpen={editing?.open ?? false} drawnTexts={drawnTexts} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <SiteTextDialog keys={editing.keys} open={editing.open} onClose={close} onExited={exited} />
        </Suspense>
      )}
    </SiteTextEditorContext>
  );
}
