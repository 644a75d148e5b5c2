import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker (built by vite-plugin-pwa, see vite.config.ts). With
 * `registerType: "autoUpdate"` a new deploy's worker activates at once and this page reloads
 * onto the new build. Loaded after the page's `load` event, outside the first page's JavaScript.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  registerSW({
    immediate: true,
    onRegisterError: (error: unknown) => console.warn("Service worker not registered", error),
  });
}
