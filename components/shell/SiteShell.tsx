import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Header } from '@/components/layout/Header';
import { Layout } from '@/components/layout/Layout';
import { useAccessCheck } from '@/hooks/useAccessCheck';
import { imageSet } from '@/lib/media';
import { ACCOUNT_MENU, catalogueBase, primaryLinksFor, SHORT_ACCOUNT_MENU } from '@/lib/navigation';
import { loadPage } from '@/hooks/page-load';
import { storedExpiration } from '@/lib/browser-storage';
import type { ShellProps } from '@/lib/wire';

// The overlay (and the search client with axios) loads when a member first opens it, not with every page.
const SearchOverlay = dynamic(() => import('@/components/search/SearchOverlay').then((module) => module.SearchOverlay), { ssr: false });
// The drawer renders nothing until the hamburger opens it, so its code (and its focus trap) loads then.
const Sidebar = dynamic(() => import('@/components/layout/Sidebar').then((module) => module.Sidebar), { ssr: false });

// The name is text beside the mark (Header), never drawn inside the image, so no width or font cuts it.
const PRODUCT_LOGO = { src: '/logo-mark.svg', alt: '', name: 'Library Reader' };
const DEFAULT_HELP_EMAIL = process.env.NEXT_PUBLIC_HELP_EMAIL || 'help@library-reader.example';

/** The header, sidebar and main area every screen sits in, wired to the session. */
export function SiteShell({ shell, children }: { shell: ShellProps; children: ReactNode }) {
  const router = useRouter();
  const [menuOpen, setMenuOpen] = useState(false);
  useAccessCheck(shell.signedIn);

  const library = shell.library;
  const links = primaryLinksFor(shell.offers);
  const hideProfile = Boolean(library?.hideProfile);
  const logo = library?.logo1
    ? { src: imageSet(library.logo1).src, alt: `${library.libName} home`, href: hideProfile ? '/q/temp/magazines/21' : '/' }
    : { ...PRODUCT_LOGO, href: hideProfile ? '/q/temp/magazines/21' : '/' };

  const onLogout = useCallback(() => {
    void (async () => {
      // The session code (and js-cookie) loads when someone logs out, not with every page.
      const { logout } = await import('@/hooks/logout');
      const next = await logout(router.asPath);
      setMenuOpen(false);
      // A full load through the server lets the gate decide what the signed-out visitor may see.
      loadPage(next);
    })();
  }, [router]);

  const [search, setSearch] = useState<{ placeholder: string; libraryId: number; ageRating: number } | null>(null);
  // SPEC §4: the search opens only for a signed-in member with a library and an unexpired session.
  // The gate's code loads with the click, as the overlay's does.
  const onSearchOpen = useCallback(() => {
    void (async () => {
      const [{ sessionCookies }, { searchGate, searchPlaceholder }] = await Promise.all([import('@/lib/stored-session'), import('@/lib/search')]);
      const cookies = sessionCookies();
      const gate = searchGate({ libraryId: cookies.libraryId, expiresAt: storedExpiration(), isLoggedIn: cookies.isLoggedIn }, Math.floor(Date.now() / 1000));
      if (!gate.open) {
        await router.push(gate.to);
        return;
      }
      setSearch({ placeholder: searchPlaceholder(cookies), libraryId: Number(cookies.libraryId), ageRating: Number(cookies.ageRating) || 0 });
    })();
  }, [router]);
  const onSearchClose = useCallback(() => setSearch(null), []);

  // Following a result closes the overlay.
  useEffect(() => {
    router.events.on('routeChangeStart', onSearchClose);
    return () => router.events.off('routeChangeStart', onSearchClose);
  }, [router, onSearchClose]);

  return (
    <Layout
      header={
        <Header
          links={links}
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
        menuOpen ? (
          <Sidebar
            open
            onClose={() => setMenuOpen(false)}
            userName={shell.userName}
            links={links}
            onLogout={onLogout}
            isSignedIn={shell.signedIn}
            activePath={router.asPath}
          />
        ) : null
      }
    >
      {children}
      {search ? (
        <SearchOverlay
          open
          onClose={onSearchClose}
          placeholder={search.placeholder}
          libraryId={search.libraryId}
          // The library's setting, from the shell the server built (not the libraryId cookie).
          base={catalogueBase(library?.tempRoutes)}
          ageRating={search.ageRating || undefined}
        />
      ) : null}
    </Layout>
  );
}
