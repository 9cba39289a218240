import Link from 'next/link';
import { useRef } from 'react';
import styled, { keyframes } from 'styled-components';
import { IconButton } from '@/components/ui/IconButton';
import { CloseIcon, UserIcon } from '@/components/ui/icons';
import { useFocusTrap } from '@/hooks/useFocusTrap';
import { useScrollLock } from '@/hooks/useScrollLock';
import { theme } from '@/styles/theme';
import { type HeaderLink, isActiveLink } from './types';

export interface SidebarProps {
  open: boolean;
  onClose(): void;
  /** Shown at the top; 'User' when empty. */
  userName?: string;
  links: HeaderLink[];
  onLogout(): void;
  /** The LOGOUT action shows only for a signed-in member. */
  isSignedIn: boolean;
  /** Optional: marks the current link with aria-current="page". */
  activePath?: string;
}

/** The navigation drawer opened by the header's hamburger: a modal dialog. */
export function Sidebar({ open, onClose, userName, links, onLogout, isSignedIn, activePath }: SidebarProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, { onEscape: onClose });
  useScrollLock(open);

  if (!open) return null;

  const name = userName?.trim() || 'User';

  return (
    <Root>
      <Backdrop data-testid="sidebar-backdrop" onClick={onClose} />
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-label="Menu" tabIndex={-1}>
        <PanelHead>
          <Person>
            <Avatar aria-hidden="true">
              <UserIcon size={20} />
            </Avatar>
            <PersonName>{name}</PersonName>
          </Person>
          <IconButton aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </PanelHead>

        {isSignedIn ? (
          <LogoutButton
            type="button"
            onClick={() => {
              onClose();
              onLogout();
            }}
          >
            LOGOUT
          </LogoutButton>
        ) : null}

        <nav aria-label="Sections">
          <LinkList>
            {links.map((link) => (
              <li key={link.href}>
                <SidebarLink
                  href={link.href}
                  onClick={onClose}
                  aria-current={activePath && isActiveLink(link.href, activePath) ? 'page' : undefined}
                >
                  {link.label}
                </SidebarLink>
              </li>
            ))}
          </LinkList>
        </nav>
      </Panel>
    </Root>
  );
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const Root = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.sidebar};
`;

const Backdrop = styled.div`
  position: absolute;
  inset: 0;
  background: ${theme.colors.backdrop};
  animation: ${fadeIn} ${theme.transitions.normal};
`;

const Panel = styled.div`
  position: absolute;
  top: 0;
  bottom: 0;
  left: 0;
  display: flex;
  flex-direction: column;
  width: min(${theme.sizes.sidebarWidth}, 85vw);
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.lg};
  animation: ${slideIn} ${theme.transitions.normal};

  &:focus-visible {
    outline-offset: -3px;
  }
`;

const PanelHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.md} ${theme.spacing.sm} ${theme.spacing.md} ${theme.spacing.lg};
  border-bottom: 1px solid ${theme.colors.border};
`;

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.spacing.sm};
  min-width: 0;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 36px;
  height: 36px;
  border-radius: ${theme.radii.round};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.muted};
`;

const PersonName = styled.p`
  font-weight: ${theme.fontWeights.bold};
  overflow-wrap: anywhere;
`;

const LogoutButton = styled.button`
  align-self: flex-start;
  min-height: ${theme.sizes.tapTarget};
  margin: ${theme.spacing.md} ${theme.spacing.lg} 0;
  padding: 0 ${theme.spacing.lg};
  border: 1px solid ${theme.colors.brand};
  border-radius: ${theme.radii.pill};
  background: transparent;
  color: ${theme.colors.brand};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;

  &:hover {
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
  }
`;

const LinkList = styled.ul`
  margin: 0;
  padding: ${theme.spacing.sm} 0;
  list-style: none;
`;

const SidebarLink = styled(Link)`
  display: flex;
  align-items: center;
  min-height: 48px;
  padding: 0 ${theme.spacing.lg};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.surfaceHover};
  }

  &[aria-current='page'] {
    color: ${theme.colors.brand};
    box-shadow: inset 4px 0 0 ${theme.colors.brand};
  }

  &:focus-visible {
    outline-offset: -3px;
  }
`;
