import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of the secrets kept for second factors (decision 131): AES-256-GCM under a key
 * derived (HKDF-SHA-256) from SECOND_FACTOR_KEY, or from the signing secret when that is not set.
 * A sealed value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url), so a value sealed under
 * another key is recognised rather than decrypted to garbage.
 */
export function secretBox(keyMaterial: string) {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'association-site', 'second-factor seeds v1', 32));
  const hashKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'association-site', 'recovery codes v1', 32));
  const keyId = createHmac('sha256', key).update('key id').digest('base64url').slice(0, 8);

  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', keyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    /** The plain text, or null when the value was sealed under another key or has been altered. */
    open(sealed: string): string | null {
      const [version, id, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || id !== keyId || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    /**
     * A keyed hash (HMAC-SHA-256) for single-use codes of high entropy: looking one up by its hash
     * reveals nothing through timing, and a stolen table cannot be checked against guesses offline.
     */
    hash(text: string): string {
      return createHmac('sha256', hashKey).update(text).digest('base64url');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
