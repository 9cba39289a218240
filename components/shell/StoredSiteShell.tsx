import type { ReactNode } from 'react';
import { useStoredShell } from '@/hooks/useStoredShell';
import { SiteShell } from './SiteShell';

/** SiteShell for pages without server props (404, errors): the header follows what the browser stored at sign-in. */
export function StoredSiteShell({ children }: { children: ReactNode }) {
  return <SiteShell shell={useStoredShell()}>{children}</SiteShell>;
}
