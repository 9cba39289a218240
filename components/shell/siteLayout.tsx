import type { ReactElement } from 'react';
import { VISITOR_OFFERS } from '@/lib/navigation';
import type { ShellProps } from '@/lib/wire';
import { SiteShell } from './SiteShell';

/** The props a page hands its layout: the shell's session view. */
export interface SiteLayoutProps {
  shell?: ShellProps;
}

const ANONYMOUS_SHELL: ShellProps = { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };

/**
 * The layout of every screen with the site's header and sidebar. A page takes it with `Page.getLayout = siteLayout`;
 * the reader, which fills the screen, does not, so none of this is part of its script.
 */
export function siteLayout(page: ReactElement, props: SiteLayoutProps) {
  return <SiteShell shell={props.shell ?? ANONYMOUS_SHELL}>{page}</SiteShell>;
}
