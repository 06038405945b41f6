import { apiRequest, lazyEndpoints } from './api';
import { clearSession } from './session';

// Loaded with the first call, not with the page (decision 062).
const accountsApi = lazyEndpoints(() => import('../../shared/api/accounts').then((m) => m.accountsApi));

/**
 * docs/product.md: signing out clears the session and reloads, so no signed-in data stays in memory. The
 * server ends the token first (decision record 017): this token only, or with `everywhere`
 * every session of the account. If that call fails the session still ends here.
 */
export async function signOut(everywhere = false): Promise<void> {
  try {
    await apiRequest(accountsApi.signOut, { body: { everywhere } });
  } catch {
    // Offline, or the token had ended already (401): nothing more to end on the server.
  }
  clearSession();
  window.location.reload();
}
