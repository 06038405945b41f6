import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A stand-in for the person's passkey device in API tests: a platform authenticator that keeps
 * P-256 passkeys and answers WebAuthn's create() and get() as a browser passes them on (the JSON
 * of @simplewebauthn/browser). Only the device is stood in for: the server checks its answers
 * with the real library. The journeys use Chromium's own virtual authenticator instead.
 */
export function softAuthenticator(origin: string) {
  const rpId = new URL(origin).hostname;
  const rpIdHash = createHash('sha256').update(rpId).digest();
  const keys = new Map<string, { privateKey: KeyObject; userHandle: string; counter: number }>();
  const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

  function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Flags: user present (0x01), user verified (0x04), and attested credential data (0x40) when made. */
  function authData(counter: number, attested?: Buffer, userVerified = true): Buffer {
    const flags = 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  return {
    /** Answers the server's registration options with a new passkey. */
    create(options: { challenge: string; user: { id: string } }, settings: { userVerified?: boolean } = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const id = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(isoCBOR.encode(coseKey))]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', authData(0, attested, settings.userVerified ?? true)],
        ]),
      );
      keys.set(b64u(id), { privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge)),
          attestationObject: b64u(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** Answers sign-in options with the passkey `id` (any the device holds, by default the first). */
    get(options: { challenge: string }, id = [...keys.keys()][0]!, settings: { userVerified?: boolean; origin?: string } = {}) {
      const key = keys.get(id);
      if (!key) throw new Error('No such passkey on this device');
      key.counter += 1;
      const data = authData(key.counter, undefined, settings.userVerified ?? true);
      const client =
        settings.origin === undefined
          ? clientData('webauthn.get', options.challenge)
          : Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: settings.origin }));
      const signature = sign('sha256', Buffer.concat([data, createHash('sha256').update(client).digest()]), key.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64u(client),
          authenticatorData: b64u(data),
          signature: b64u(signature),
          userHandle: key.userHandle,
        },
      };
    },
  };
}
