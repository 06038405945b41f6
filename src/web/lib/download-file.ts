import type { Endpoint, FileAnswer } from '../../shared/api/contract';
import { acceptOf, errorFrom, urlOf, withPageLanguage, type AddressOptions } from './api';
import { clearSession, readSession } from './session';

/**
 * Downloads a declared file answer under `fileName`. Exports need the bearer token (a booking's
 * certificate, the mail link's secret in `extraHeaders`), which a plain link cannot send, so the
 * file is fetched and handed to the browser through an object URL.
 * A refusal throws an ApiError carrying the server's `detail`.
 */
export async function downloadFile<E extends Endpoint & { response: FileAnswer }>(
  endpoint: E,
  options: AddressOptions<E>,
  fileName: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const token = readSession()?.token;
  const headers = withPageLanguage(new Headers({ ...extraHeaders, Accept: acceptOf(endpoint) }));
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(urlOf(endpoint, options), { method: endpoint.method, headers });
  // As in apiRequest: a refused token means the session is over.
  if (response.status === 401 && token) clearSession();
  if (!response.ok) throw errorFrom(response.status, await readJson(response));

  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
