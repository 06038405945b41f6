/**
 * A random id this browser keeps for the site, sent when signing in so a staff account can be told
 * of a sign-in from a device it has not used before (decision 133). It says nothing about the
 * person and is never used for anything else.
 */
const KEY = 'device-id';

export function deviceHeaders(): Record<string, string> {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(KEY, id);
    }
    return { 'X-Device-Id': id };
  } catch {
    // Storage refused (a privacy mode): the server falls back to the browser's name.
    return {};
  }
}
