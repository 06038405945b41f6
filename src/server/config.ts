import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultHashWorkers } from './auth/hash-pool';

const flag = z.enum(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['on', 'true', '1', 'yes'].includes(v));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for SQLite)')
      .optional(),
    PUBLIC_URL: z.url().optional(),
    ADMIN_EMAIL: z.email().default('admin@example.org'),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    // Encrypts authenticator-app seeds at rest (decision 131); without it, a key derived from the signing secret.
    SECOND_FACTOR_KEY: z.string().min(32, 'SECOND_FACTOR_KEY must be at least 32 characters').optional(),
    PAYMENTS: z.enum(['test', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().optional(),
    // Newsletters and other bulk mail: messages a minute, over every server together (decision 121).
    MAIL_BULK_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
    // DKIM signing by the site, for a relay that does not sign: all three, or none.
    DKIM_DOMAIN: z.string().optional(),
    DKIM_SELECTOR: z.string().optional(),
    // The private key (PEM), or DKIM_PRIVATE_KEY_FILE naming a file holding it.
    DKIM_PRIVATE_KEY: z.string().optional(),
    DKIM_PRIVATE_KEY_FILE: z.string().optional(),
    DEMO_CONTENT: flag.default(true),
    // log2 of scrypt's N. 17 is OWASP's recommendation; lower only for tests or a very small machine.
    PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
    // Threads that hash passwords (each holds 128 MiB while hashing at cost 17), and how many
    // hashes may wait for one before sign-ins are answered 503. Default: cores - 1, at most 4.
    PASSWORD_HASH_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(1000).default(32),
    // Threads that draw receipts and certificates, and how many documents may wait for one before
    // a download is answered 503 (decision 090). Default: one thread, 48 waiting (a few seconds' work).
    PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
    PDF_QUEUE: z.coerce.number().int().min(1).max(1000).default(48),
    // /metrics answers the server itself over loopback, and anyone else presenting this bearer token.
    METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIR: z.string().default('./dist/web'),
    // The proxy's address(es), e.g. `loopback` or `10.0.0.2`: Fastify 5.12 ignores a bare hop count
    // (it cannot check who sent the header), so one is refused rather than silently trusting nobody.
    TRUST_PROXY: z
      .string()
      .refine((v) => !/^\d+$/.test(v), "give the proxy's address (e.g. loopback or 10.0.0.2), or true; a hop count is not supported")
      .optional(),
    // Browser journeys only: exposes the outbox at GET /api/test/outbox. Never set it on a real site.
    E2E_OUTBOX: flag.default(false),
  })
  .superRefine((env, ctx) => {
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY ?? env.DKIM_PRIVATE_KEY_FILE];
    if (dkim.some(Boolean) && !dkim.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DKIM_DOMAIN'],
        message: 'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)',
      });
    }
    if (env.PAYMENTS === 'stripe' && !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY' });
    }
  });

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmail: string;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  secondFactorKey: string | undefined;
  payments: 'test' | 'stripe';
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string };
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  mailBulkPerMinute: number;
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  demoContent: boolean;
  logLevel: string;
  passwordHashCost: number;
  passwordHashWorkers: number;
  passwordHashQueue: number;
  pdfWorkers: number;
  pdfQueue: number;
  metricsToken: string | undefined;
  webDir: string;
  /** Fastify's trustProxy: which proxies (addresses, subnets or `loopback`) to believe for the client's IP. */
  trustProxy: boolean | string;
  e2eOutbox: boolean;
};

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

function dkimOptions(e: { DKIM_DOMAIN?: string; DKIM_SELECTOR?: string; DKIM_PRIVATE_KEY?: string; DKIM_PRIVATE_KEY_FILE?: string }) {
  if (!e.DKIM_DOMAIN || !e.DKIM_SELECTOR) return undefined;
  let privateKey = e.DKIM_PRIVATE_KEY;
  if (!privateKey && e.DKIM_PRIVATE_KEY_FILE) {
    try {
      privateKey = fs.readFileSync(e.DKIM_PRIVATE_KEY_FILE, 'utf8');
    } catch {
      throw new Error(`Invalid configuration:\n  DKIM_PRIVATE_KEY_FILE: cannot read ${e.DKIM_PRIVATE_KEY_FILE}`);
    }
  }
  if (!privateKey?.includes('PRIVATE KEY')) throw new Error('Invalid configuration:\n  DKIM_PRIVATE_KEY: not a PEM private key');
  return { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: privateKey.replace(/\\n/g, '\n') };
}

/** Reads the environment; a bad setting stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables (as in a copied .env.example) mean "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const stripeKeysSet = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    secondFactorKey: e.SECOND_FACTOR_KEY,
    payments: e.PAYMENTS ?? (stripeKeysSet ? 'stripe' : 'test'),
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailBulkPerMinute: e.MAIL_BULK_PER_MINUTE,
    dkim: dkimOptions(e),
    demoContent: e.DEMO_CONTENT,
    logLevel: e.LOG_LEVEL,
    passwordHashCost: e.PASSWORD_HASH_COST,
    passwordHashWorkers: e.PASSWORD_HASH_WORKERS ?? defaultHashWorkers(),
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    pdfWorkers: e.PDF_WORKERS,
    pdfQueue: e.PDF_QUEUE,
    metricsToken: e.METRICS_TOKEN,
    webDir: path.resolve(e.WEB_DIR),
    trustProxy: trustProxy(e.TRUST_PROXY),
    e2eOutbox: e.E2E_OUTBOX,
  };
}
