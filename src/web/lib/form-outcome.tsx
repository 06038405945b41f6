import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useHref, useLocation } from 'react-router';
import { FORM_OUTCOME_ELEMENT_ID, type FormHandover, type FormOutcome, type PageFormName } from '../../shared/domain/form-outcome';

/**
 * What became of a form posted to its page before the page's script took it over (decision 085).
 * The server renders the page with it (FormOutcomeProvider) and writes it into the page; the
 * browser reads it from there, so its first render is the server's.
 */
const ServerOutcome = createContext<FormOutcome | null | undefined>(undefined);

/** The server renderer's: the outcome of the form this request posted, or null. */
export function FormOutcomeProvider({ outcome, children }: { outcome: FormOutcome | null; children: ReactNode }) {
  return <ServerOutcome value={outcome}>{children}</ServerOutcome>;
}

let written: FormOutcome | null | undefined;

/** The outcome written into the page, read once; checked by hand (no zod on a first load). */
function writtenOutcome(): FormOutcome | null {
  if (written === undefined) {
    written = null;
    const text = typeof document === 'undefined' ? null : document.getElementById(FORM_OUTCOME_ELEMENT_ID)?.textContent;
    if (text) {
      try {
        const value = JSON.parse(text) as Partial<FormOutcome> | null;
        if (value && typeof value === 'object' && typeof value.form === 'string') written = value as FormOutcome;
      } catch {
        // Unreadable: the page shows the form as if fresh.
      }
    }
  }
  return written;
}

/** For tests: forget what was read, as a new page load would. */
export function forgetFormOutcome(): void {
  written = undefined;
}

/**
 * The outcome of this form, on the page the server answered with: only at the entry the browser
 * loaded (the router's first location, key "default"), so it is not shown again once the person
 * has moved on.
 */
export function useFormOutcome(form: PageFormName): FormOutcome | null {
  const given = useContext(ServerOutcome);
  const { key } = useLocation();
  const outcome = given === undefined ? writtenOutcome() : given;
  return outcome?.form === form && key === 'default' ? outcome : null;
}

/** Acts on the form's hand-over once, after the page has been taken over (a session kept, a next step opened). */
export function useFormHandover(outcome: FormOutcome | null, act: (handover: FormHandover) => void): void {
  const done = useRef(false);
  const handover = outcome?.handover;
  useEffect(() => {
    if (!handover || done.current) return;
    done.current = true;
    act(handover);
  }, [handover, act]);
}

/**
 * The action of a form the script handles on a page the server does not act for (a signed-in
 * view, the back office, a card step): the page itself, whose POST the server answers with the
 * page and a word that nothing was done, should the form ever be sent without the script.
 */
export function useFormAction(): string {
  // With the router's basename: an Armenian page's form posts to its Armenian address (decision 150).
  return useHref(useLocation().pathname);
}
