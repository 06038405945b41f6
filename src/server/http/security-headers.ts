import type { FastifyInstance, FastifyReply } from 'fastify';

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

/**
 * Powerful browser features the site never uses are switched off for it and every frame it
 * embeds. The Payment Request API (Apple Pay, Google Pay in Stripe's Payment Element) is allowed
 * to Stripe's frames on the card step's pages alone, and only when Stripe is on (decision 145).
 * Only features every current browser knows are named: an unknown one is a console error in Chromium.
 */
export function permissionsPolicy(options: CspOptions, page: { cardStep: boolean } = { cardStep: false }): string {
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    'usb=()',
    options.stripe && page.cardStep ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
  ].join(', ');
}

/** The headers every answer carries: pages, API answers, static files and every kind of error. */
export function securityHeaders(options: CspOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'permissions-policy': permissionsPolicy(options),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.httpsOnly ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Sets the headers as each request arrives, so errors raised later (bad JSON, too large a body,
 * a refused token) carry them too. Requests Fastify refuses before routing (a path that is not
 * valid percent-encoding) go through `frameworkErrors`, which calls `applySecurityHeaders` itself.
 */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', async (_req, reply) => {
    applySecurityHeaders(reply, headers);
  });
}

export function applySecurityHeaders(reply: FastifyReply, headers: Record<string, string>): void {
  reply.headers(headers);
}
