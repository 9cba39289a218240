/**
 * What `use-sync-external-store/shim` gives SWR, taken from React itself: the shim's own code is a stand-in for React
 * before 18, never run under React 19. next.config.js points the browser bundles' imports of the shim here.
 */
export { useSyncExternalStore } from 'react';
