import { errorResponse } from '../../shared/api/common';
import { ApiError } from './api';
import { clearSession, readSession } from './session';

/**
 * Downloads a file from the API under `fileName`. Exports need the bearer token, which a plain
 * link cannot send, so the file is fetched and handed to the browser through an object URL.
 * A refusal throws an ApiError carrying the server's `detail`.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = readSession()?.token;
  const headers = new Headers({ Accept: 'text/csv, application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(path, { headers });
  // As in apiRequest: a refused token means the session is over.
  if (response.status === 401 && token) clearSession();
  if (!response.ok) throw await downloadError(response);

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

async function downloadError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = errorResponse.safeParse(body);
  return parsed.success
    ? new ApiError(response.status, parsed.data.detail, true)
    : new ApiError(response.status, `Request failed with status ${response.status}`, false);
}
