import { z } from 'zod';

// zod compiles object parsers with `new Function` after probing whether it may; the probe alone
// breaks the Content-Security-Policy (no 'unsafe-eval') on every page. Imported first by main.tsx,
// before any schema parses.
z.config({ jitless: true });
