import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { VISITOR_OFFERS } from '@/lib/navigation';
import { SiteShell } from './SiteShell';
import type { ShellProps } from './types';

/** The props a page hands its layout: the shell's session view and SWR's server-loaded data. */
export interface SiteLayoutProps {
  shell?: ShellProps;
  fallback?: Record<string, unknown>;
}

const ANONYMOUS_SHELL: ShellProps = { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };

// The axios client loads with the first request that needs it, not with every page.
const fetcher = async (url: string) => {
  const { http } = await import('@/services/http');
  return (await http.get<unknown>(url)).data;
};

/**
 * The layout of every screen with the site's header and sidebar, and the SWR reads under them. A page takes it with
 * `Page.getLayout = siteLayout`; the reader, which fills the screen, does not, so none of this is part of its script.
 */
export function siteLayout(page: ReactElement, props: SiteLayoutProps) {
  return (
    <SWRConfig value={{ fetcher, fallback: props.fallback ?? {}, revalidateOnFocus: false }}>
      <SiteShell shell={props.shell ?? ANONYMOUS_SHELL}>{page}</SiteShell>
    </SWRConfig>
  );
}
