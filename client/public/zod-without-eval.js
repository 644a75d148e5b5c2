// zod compiles object parsers with new Function() and probes for it when the first schema is
// built; the site's CSP forbids eval, so the probe would be reported on every page. zod reads
// this global when it loads (z.config would come too late: shared schemas are built on import).
globalThis.__zod_globalConfig = { jitless: true };
