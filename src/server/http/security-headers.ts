import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export type CspOptions = {
  /** Stripe's script and frames are allowed only when Stripe is the payment provider. */
  stripe: boolean;
  httpsOnly: boolean;
};

// As Stripe's CSP guide lists them for Elements and 3-D Secure.
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = 'https://api.stripe.com';

/** The Content-Security-Policy for pages; `frameOrigins` adds e.g. the social media page's origin. */
export function contentSecurityPolicy(options: CspOptions, frameOrigins: string[] = []): string {
  const frames = [...(options.stripe ? STRIPE_FRAMES : []), ...frameOrigins];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.stripe ? STRIPE_SCRIPTS : [])],
    // MUI's emotion injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'media-src': ["'self'", 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(options.stripe ? [STRIPE_CONNECT] : [])],
    'frame-src': frames.length ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (options.httpsOnly) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Security headers on every response, errors and index.html included (helmet runs on onRequest). */
export async function installSecurityHeaders(app: FastifyInstance, options: CspOptions): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: options.httpsOnly ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const csp = contentSecurityPolicy(options);
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('content-security-policy', csp);
  });
}
