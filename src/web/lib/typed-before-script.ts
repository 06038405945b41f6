import { useEffect, type RefObject } from 'react';

/** A field's value as the form state holds it: text, or a box ticked or not. */
export type TypedValue = string | boolean;

/**
 * What the person typed, ticked or chose in the server's page before its script took the form
 * over: the fields whose value differs from the one the page was served with (decision 085).
 */
export function typedBeforeScript(form: HTMLFormElement): Map<string, TypedValue> {
  const typed = new Map<string, TypedValue>();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked !== element.defaultChecked) typed.set(element.name, element.checked);
    } else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked && !element.defaultChecked) typed.set(element.name, element.value);
    } else if (element.value !== element.defaultValue) {
      typed.set(element.name, element.value);
    }
  }
  return typed;
}

/**
 * Keeps what was typed before the script arrived: once the form is taken over, each field that
 * differs from the served page goes into the form's state (`adopt`), which would otherwise draw
 * its own, empty, value over it at the next render. A form drawn by the script itself has
 * nothing to adopt. An effect, not a layout effect: those who watch the form's state (react-hook-form's
 * useWatch) listen from their own effects, which must have run; call it after them.
 */
export function useKeepTypedValues(form: RefObject<HTMLFormElement | null>, adopt: (name: string, value: TypedValue) => void): void {
  useEffect(() => {
    if (!form.current) return;
    for (const [name, value] of typedBeforeScript(form.current)) adopt(name, value);
    // Once, as the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
