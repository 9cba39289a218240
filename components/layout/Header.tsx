import styled from 'styled-components';
import { IconButton, IconLinkStyle } from '@/components/ui/IconButton';
import { MenuIcon, SearchIcon, UserIcon } from '@/components/ui/icons';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { ProfileMenu } from './ProfileMenu';
import { type HeaderLink, isActiveLink } from './types';

export interface HeaderProps {
  /** The five primary links (Home, Magazines, Journals, Newspapers, Stories). */
  links: HeaderLink[];
  /**
   * Library or product logo; `href` is '/' or, in hide-profile mode, '/q/temp/magazines/21'. With `name`, the image
   * is only a mark and the name is set as text beside it (text reflows; a name drawn inside an image gets cut).
   */
  logo: { src: string; alt: string; href: string; name?: string };
  /** Marks the matching link with aria-current="page". */
  activePath: string;
  /** When false the profile control is a link to /login. */
  isSignedIn: boolean;
  /** Hide-profile mode: no profile control at all. */
  hideProfile?: boolean;
  menuItems: { label: string; href: string }[];
  helpEmail?: string;
  userName?: string;
  onMenuOpen(): void;
  onSearchOpen(): void;
  onLogout(): void;
}

export function Header({
  links,
  logo,
  activePath,
  isSignedIn,
  hideProfile = false,
  menuItems,
  helpEmail,
  userName,
  onMenuOpen,
  onSearchOpen,
  onLogout,
}: HeaderProps) {
  return (
    <Bar>
      <div className="header-inner">
        <div className="header-start">
          <IconButton aria-label="Open menu" aria-haspopup="dialog" onClick={onMenuOpen}>
            <MenuIcon />
          </IconButton>
          <a className="logo-link" href={logo.href}>
            {/* eslint-disable-next-line @next/next/no-img-element -- library logos come from any host, at any size */}
            <img className={logo.name ? 'logo-mark' : undefined} src={logo.src} alt={logo.alt} height={40} decoding="async" />
            {logo.name ? (
              <span className="product-name">
                {logo.name}
                <span className="visually-hidden"> home</span>
              </span>
            ) : null}
          </a>
        </div>

        <nav className="primary-nav" aria-label="Primary">
          <ul className="nav-list">
            {links.map((link) => {
              const current = isActiveLink(link.href, activePath);
              return (
                <li key={link.href}>
                  <a className="nav-link" href={link.href} aria-current={current ? 'page' : undefined}>
                    {link.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="header-end">
          <IconButton aria-label="Search" aria-haspopup="dialog" onClick={onSearchOpen}>
            <SearchIcon />
          </IconButton>
          {hideProfile ? null : isSignedIn ? (
            <ProfileMenu items={menuItems} helpEmail={helpEmail} userName={userName} onLogout={onLogout} />
          ) : (
            <SignInLink href="/login" aria-label="Sign in">
              <UserIcon />
            </SignInLink>
          )}
        </div>
      </div>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.header};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};

  :where(.header-inner) {
    display: flex;
    align-items: center;
    gap: ${theme.spacing.sm};
    max-width: ${theme.sizes.contentMaxWidth};
    min-height: ${theme.sizes.headerHeight};
    margin: 0 auto;
    padding: 0 ${theme.spacing.sm};

    ${media.up('md')} {
      gap: ${theme.spacing.lg};
      padding: 0 ${theme.spacing.lg};
    }
  }

  :where(.header-start) {
    display: flex;
    align-items: center;
    gap: ${theme.spacing.xs};
    flex: 1 1 auto;
    min-width: 0;

    ${media.up('md')} {
      flex: 0 1 auto;
    }
  }

  :where(.logo-link) {
    display: inline-flex;
    align-items: center;
    min-width: 0;
    min-height: ${theme.sizes.tapTarget};
    border-radius: ${theme.radii.sm};
    text-decoration: none;

    img {
      width: auto;
      height: 40px;
      max-width: 100%;
      object-fit: contain;
    }

    ${media.up('md')} {
      img {
        max-width: 140px;
      }
    }

    ${media.up('lg')} {
      img {
        max-width: 200px;
      }
    }

    .logo-mark {
      flex: none;
      width: 40px;
    }
  }

  :where(.product-name) {
    flex: none;
    margin-left: ${theme.spacing.sm};
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.bold};
    line-height: ${theme.lineHeights.tight};
    white-space: nowrap;
  }

  /* Below 360 px the name alone carries the link, so it never has to be cut. */
  @media (max-width: 359.98px) {
    :where(.logo-mark) {
      display: none;
    }

    :where(.product-name) {
      margin-left: 0;
    }
  }

  :where(.primary-nav) {
    display: none;

    ${media.up('md')} {
      display: flex;
      flex: 1 1 auto;
      justify-content: center;
      min-width: 0;
    }
  }

  :where(.nav-list) {
    display: flex;
    align-items: stretch;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;

    ${media.up('lg')} {
      gap: ${theme.spacing.md};
    }
  }

  :where(.nav-link) {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    padding: 0 ${theme.spacing.sm};
    border-radius: ${theme.radii.sm};
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
    text-decoration: none;
    white-space: nowrap;
    box-shadow: inset 0 -3px 0 transparent;

    &:hover {
      color: ${theme.colors.brand};
    }

    &[aria-current='page'] {
      color: ${theme.colors.brand};
      box-shadow: inset 0 -3px 0 ${theme.colors.brand};
    }

    ${media.up('lg')} {
      font-size: ${theme.fontSizes.md};
    }
  }

  :where(.header-end) {
    display: flex;
    align-items: center;
    gap: ${theme.spacing.xs};
    flex: none;
  }
`;

const SignInLink = styled.a`
  ${IconLinkStyle}
`;
