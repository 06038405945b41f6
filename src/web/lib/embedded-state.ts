import { ApiError } from './api';

/** The id of the <script type="application/json"> that carries a server-rendered page's data. */
export const EMBEDDED_STATE_ID = 'page-data';

type DehydratedQuery = { state: { error?: unknown } };

/**
 * The page's embedded data, or null when the page was not rendered on the server. A failed call
 * travels as a plain object; it becomes an ApiError again, as the pages expect.
 */
export function readEmbeddedState(document: Document): unknown {
  const text = document.getElementById(EMBEDDED_STATE_ID)?.textContent;
  if (!text) return null;
  const state = JSON.parse(text) as { queries?: DehydratedQuery[] };
  for (const query of state.queries ?? []) {
    const error = query.state.error as { status?: number; detail?: string; fromServer?: boolean; field?: string } | null | undefined;
    if (error && typeof error.status === 'number') {
      query.state.error = new ApiError(error.status, error.detail ?? '', error.fromServer ?? false, error.field);
    }
  }
  return state;
}
