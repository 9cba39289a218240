import { useSyncExternalStore } from 'react';
import { storedUser } from '@/lib/browser-storage';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The signed-in member's uid from stored userDetails; null on the server, during hydration and when signed out. */
export function useMemberId(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => storedUser()?.uid ?? null,
    () => null,
  );
}
