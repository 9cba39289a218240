import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

const SECTIONS = [
  { label: 'Overview', href: '/dashboard' },
  { label: 'My Account', href: '/dashboard/myAccount' },
  { label: 'My Favorites', href: '/dashboard/myFavorites' },
  { label: 'My Bookmarks', href: '/dashboard/myBookmarks' },
  { label: 'My Clippings', href: '/dashboard/myClippings' },
  { label: 'Manage Password', href: '/dashboard/manage-password' },
] as const;

/** The member's own pages: a heading, the section links (manage-password only for those who use a password), the content. */
export function DashboardLayout({ title, current, showPassword, children }: { title: string; current: string; showPassword: boolean; children: ReactNode }) {
  const sections = SECTIONS.filter((section) => showPassword || section.href !== '/dashboard/manage-password');
  return (
    <Page>
      <h1>{title}</h1>
      <nav aria-label="Your account">
        <Tabs>
          {sections.map((section) => (
            <li key={section.href}>
              <Tab href={section.href} aria-current={section.href === current ? 'page' : undefined}>
                {section.label}
              </Tab>
            </li>
          ))}
        </Tabs>
      </nav>
      {children}
    </Page>
  );
}

const Page = styled.div`
  max-width: ${theme.sizes.contentMaxWidth};
  margin: 0 auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg};

  h1 {
    margin-top: 0;
    overflow-wrap: anywhere;
  }
`;

const Tabs = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.sm};
  margin: 0 0 ${theme.spacing.xl};
  padding: 0 0 ${theme.spacing.md};
  border-bottom: 1px solid ${theme.colors.border};
  list-style: none;
`;

const Tab = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  padding: 0 ${theme.spacing.md};
  border-radius: ${theme.radii.pill};
  color: ${theme.colors.text};
  text-decoration: none;
  font-size: ${theme.fontSizes.sm};

  &:hover {
    background: ${theme.colors.surfaceHover};
  }

  &[aria-current='page'] {
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
    font-weight: ${theme.fontWeights.bold};
  }

  ${media.up('md')} {
    font-size: ${theme.fontSizes.md};
  }
`;

/** A framed block of a dashboard page. */
export const Panel = styled.section`
  max-width: 40rem;
  margin-bottom: ${theme.spacing.xl};
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  h2 {
    margin-top: 0;
    font-size: ${theme.fontSizes.xl};
  }

  ${media.down('sm')} {
    padding: ${theme.spacing.lg};
  }
`;
