import { lazy, type ComponentType } from 'react';

/**
 * A component drawn with MUI, loaded on first use together with the MUI theme around it: how a
 * public page (which carries no MUI, decision 081) shows the admin's editors and dialogs.
 */
export function lazyWithTheme<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ MuiTheme }, Component] = await Promise.all([import('./mui-theme'), load()]);
    return {
      default: (props: P) => (
        <MuiTheme>
          <Component {...props} />
        </MuiTheme>
      ),
    };
  });
}
