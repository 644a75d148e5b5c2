import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts). With
 * `registerType: "autoUpdate"` a new deploy's worker activates at once; it opens this page again
 * on the new build itself (src/sw.ts), so workbox-window's own reload is not used (it would load
 * the page twice). Loaded after the page's `load` event, outside the first page's JavaScript.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  registerSW({
    immediate: true,
    onNeedReload: () => {},
    onRegisterError: (error: unknown) => console.warn("Service worker not registered", error),
  });
}
