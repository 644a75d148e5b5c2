import type { Plugin } from "vite";

/** Where zod creates its global configuration (zod 4: `v4/core/core.js`). */
const ZOD_CORE = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const CREATED = "(_a.__zod_globalConfig = {})";

/**
 * zod compiles object parsers with `new Function()` and probes for it when the first schema is
 * built; the site's CSP forbids eval, so the probe would be reported on every page. This plugin
 * builds zod with `jitless: true` as its starting configuration, in zod's own chunk: nothing to
 * fetch before the entry runs (a `defer`red script of its own came last on a slow network,
 * behind every module the page preloads, and held the entry back until it had). The build fails
 * if a new zod creates its configuration another way.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: "zod-without-eval",
    transform: {
      filter: { id: ZOD_CORE },
      handler(code) {
        if (!code.includes(CREATED))
          this.error("zod's core no longer creates __zod_globalConfig as expected");
        return { code: code.replace(CREATED, "(_a.__zod_globalConfig = { jitless: true })") };
      },
    },
  };
}
