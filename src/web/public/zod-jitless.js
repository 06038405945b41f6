// zod builds object parsers with `new Function` unless told not to, and probes whether it may as
// soon as the first schema is defined (at import time): the probe breaks the Content-Security-Policy
// (no 'unsafe-eval'). Module scripts run in document order, so this runs before the app's code
// defines any schema; zod reads its settings from this global (see zod/v4/core/core.js).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
