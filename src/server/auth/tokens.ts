import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { role, type Role } from '../../shared/api/accounts';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const ACCESS_AUDIENCE = 'access';

const claims = z.object({
  sub: z.string(),
  username: z.string(),
  role,
  ver: z.number().int(),
  /** The token's own id: its row in the sessions table, which ending the session marks (decision 133). */
  jti: z.string(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof claims>;

export type TokenSubject = { id: string; email: string; role: Role; token_version: number };

/** HS256 access tokens. Verification pins the algorithm so a token cannot choose its own. */
export function createTokens(secret: string, clock: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    /** A token for the session `sessionId` (its row is written first, by the sessions service). */
    async issue(user: TokenSubject, sessionId: string, expiresAt?: Date): Promise<string> {
      const now = Math.floor(clock().getTime() / 1000);
      return (
        new SignJWT({ username: user.email, role: user.role, ver: user.token_version })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(user.id)
          .setJti(sessionId)
          // Only access tokens carry this audience, so other tokens signed with the secret never pass.
          .setAudience(ACCESS_AUDIENCE)
          .setIssuedAt(now)
          .setExpirationTime(expiresAt ? Math.floor(expiresAt.getTime() / 1000) : now + TOKEN_LIFETIME_SECONDS)
          .sign(key)
      );
    },
    /** The token's claims, or null for anything expired, forged, malformed or of another algorithm. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: ACCESS_AUDIENCE, currentDate: clock() });
        const parsed = claims.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
