import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { siteLayout, type SiteLayoutProps } from './siteLayout';

/**
 * siteLayout for a page whose getServerSideProps fills SWR's `fallback` under the hooks' keys, so its first paint
 * needs no client fetch. SWR wraps the page only, so the header stays mounted between this layout and siteLayout,
 * and SWR is part of the script of the pages that read through it, not of every page. The hooks name their own
 * fetchers and options (hooks/), so a hook works the same under either layout.
 */
export function dataLayout(page: ReactElement, props: SiteLayoutProps) {
  return siteLayout(<SWRConfig value={{ fallback: props.fallback ?? {} }}>{page}</SWRConfig>, props);
}
