/** Joins the class names that apply: `cx(styles.button, primary && styles.primary)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
