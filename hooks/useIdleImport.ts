import { useEffect, useState } from 'react';

/** The loaders whose module is here: a component mounted after the first load starts ready. */
const loaded = new WeakSet<() => Promise<unknown>>();

/**
 * Loads a module when the browser is idle after the page is shown (at the latest `timeoutMs` later; at once where
 * there is no requestIdleCallback), while `wanted`; true once it is here. For code the first paint does not need:
 * the page's first load leaves it out and the member does not wait for it. A failed load is left for the next
 * mount. `load` must be a module-level function (it names the module).
 */
export function useIdleImport(load: () => Promise<unknown>, wanted = true, timeoutMs = 1000): boolean {
  const [ready, setReady] = useState(() => loaded.has(load));
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    const run = () =>
      void load()
        .then(() => {
          loaded.add(load);
          if (live) setReady(true);
        })
        .catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      run();
      return () => {
        live = false;
      };
    }
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => {
      live = false;
      window.cancelIdleCallback(id);
    };
  }, [load, wanted, ready, timeoutMs]);
  return wanted && ready;
}
