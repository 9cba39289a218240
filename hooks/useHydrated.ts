import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False during server render and hydration, true once the page's scripts run: actions wait for it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
