import { useRouter } from 'next/router';
import { useCallback, useState, type ReactNode } from 'react';
import { Header } from '@/components/layout/Header';
import { Layout } from '@/components/layout/Layout';
import { Sidebar } from '@/components/layout/Sidebar';
import { useAccessCheck } from '@/hooks/useAccessCheck';
import { imageSet } from '@/lib/entities';
import { ACCOUNT_MENU, PRIMARY_LINKS, SHORT_ACCOUNT_MENU } from '@/lib/routes';
import { logout } from '@/services/session';
import { loadPage } from '@/services/navigation';
import type { ShellProps } from './types';

const PRODUCT_LOGO = { src: '/logo.svg', alt: 'Library Reader home' };
const DEFAULT_HELP_EMAIL = process.env.NEXT_PUBLIC_HELP_EMAIL || 'help@library-reader.example';

/** The header, sidebar and main area every screen sits in, wired to the session. */
export function SiteShell({ shell, children }: { shell: ShellProps; children: ReactNode }) {
  const router = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  useAccessCheck(shell.signedIn);

  const library = shell.library;
  const hideProfile = Boolean(library?.hideProfile);
  const logo = library?.logo1
    ? { src: imageSet(library.logo1).src, alt: `${library.libName} home`, href: hideProfile ? '/q/temp/magazines/21' : '/' }
    : { ...PRODUCT_LOGO, href: hideProfile ? '/q/temp/magazines/21' : '/' };

  const onLogout = useCallback(() => {
    void (async () => {
      const next = await logout(router.asPath);
      setMenuOpen(false);
      // A full load through the server lets the gate decide what the signed-out visitor may see.
      loadPage(next);
    })();
  }, [router]);

  const onSearchOpen = useCallback(() => {
    void router.push('/search');
  }, [router]);

  return (
    <Layout
      header={
        <Header
          links={[...PRIMARY_LINKS]}
          logo={logo}
          activePath={router.asPath}
          isSignedIn={shell.signedIn}
          hideProfile={hideProfile}
          menuItems={[...(shell.hasPassword ? ACCOUNT_MENU : SHORT_ACCOUNT_MENU)]}
          helpEmail={library?.supportEmail || DEFAULT_HELP_EMAIL}
          userName={shell.userName}
          onMenuOpen={() => setMenuOpen(true)}
          onSearchOpen={onSearchOpen}
          onLogout={onLogout}
        />
      }
      sidebar={
        <Sidebar
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          userName={shell.userName}
          links={[...PRIMARY_LINKS]}
          onLogout={onLogout}
          isSignedIn={shell.signedIn}
          activePath={router.asPath}
        />
      }
    >
      {children}
    </Layout>
  );
}
