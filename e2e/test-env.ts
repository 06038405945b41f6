/** Settings shared by playwright.config.ts (which passes them to the server) and the journeys. */
// E2E_PORT lets two runs share a machine (e.g. two developers' checkouts).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
// localhost, not 127.0.0.1: passkeys belong to a domain name, and WebAuthn refuses an IP address.
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const ADMIN_EMAIL = 'admin@example.org';
// Used only by the throwaway server the journeys start; never a real account.
export const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd-7f3a9c';
