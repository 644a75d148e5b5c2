import { type ComponentType, lazy } from "react";

/**
 * A component whose code loads on demand, like `lazy`, but rendered at once, with no Suspense
 * fallback, when its code has already arrived: React shows a boundary's content at the earliest
 * 300 ms after it showed its fallback (it throttles reveals), so a lazy picture whose chunk the
 * page preloaded came that much later than its data. `preload()` starts the load ahead (once; a
 * load that failed, offline say, is tried again by the next); until it has ended the component
 * suspends as `lazy` does, and a failed load is thrown where it renders, as `lazy` does.
 */
export function lazyAtOnce<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per module, as lazy() is
  function AtOnce(props: Props) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  const preload = () => {
    start().catch(() => {});
  };
  return { Component: AtOnce, preload };
}
