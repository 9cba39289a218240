import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { IconButton } from '@/components/ui/IconButton';
import { UserIcon } from '@/components/ui/icons';
import { useOutsideClick } from '@/hooks/useOutsideClick';
import { theme } from '@/styles/theme';

/** SPEC §9: 'Profile dropdown 170px wide'. */
const PROFILE_MENU_WIDTH_PX = 170;

export interface ProfileMenuItem {
  label: string;
  href: string;
}

export interface ProfileMenuProps {
  items: ProfileMenuItem[];
  /** Adds a 'Help' item linking to `mailto:` this address. */
  helpEmail?: string;
  userName?: string;
  onLogout(): void;
}

/**
 * The signed-in member's account button and its dropdown. A disclosure (button + list of links) rather than an
 * ARIA menu: the entries are ordinary navigation, so Tab and the browser's link handling keep working.
 */
export function ProfileMenu({ items, helpEmail, userName, onLogout }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dropdownId = useId();
  const close = useCallback(() => setOpen(false), []);

  useOutsideClick(wrapperRef, close, open);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // Tabbing past the last entry leaves the menu, so it closes; a null relatedTarget (a click in Safari) does not.
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
  };

  const label = userName ? `Account menu for ${userName}` : 'Account menu';

  return (
    <Wrapper ref={wrapperRef} onBlur={handleBlur}>
      <IconButton
        ref={buttonRef}
        aria-label={label}
        aria-expanded={open}
        aria-controls={dropdownId}
        onClick={() => setOpen((value) => !value)}
        $active={open}
      >
        <UserIcon />
      </IconButton>
      {/* The entries are drawn when the menu opens: closed, they are hidden from everyone, and a page need not carry them. */}
      <div className="profile-dropdown" id={dropdownId} hidden={!open} data-testid="profile-dropdown">
        {open ? (
          <>
            {userName ? <p className="profile-greeting" title={userName}>{userName}</p> : null}
            <ul className="profile-list">
              {items.map((item) => (
                <li key={`${item.href}|${item.label}`}>
                  <a className="profile-entry" href={item.href} onClick={close}>
                    {item.label}
                  </a>
                </li>
              ))}
              {helpEmail ? (
                <li>
                  <a className="profile-entry-mail" href={`mailto:${helpEmail}`} onClick={close}>
                    Help
                  </a>
                </li>
              ) : null}
              <li>
                <button
                  className="profile-entry-button"
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    onLogout();
                  }}
                >
                  Logout
                </button>
              </li>
            </ul>
          </>
        ) : null}
      </div>
    </Wrapper>
  );
}

const entryStyle = css`
  display: block;
  width: 100%;
  min-height: 40px;
  padding: ${theme.spacing.sm} ${theme.spacing.lg};
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.normal};
  text-align: left;
  text-decoration: none;

  &:hover {
    background: ${theme.colors.surfaceHover};
  }

  &:focus-visible {
    outline-offset: -3px;
    box-shadow: none;
  }
`;

const Wrapper = styled.div`
  position: relative;
  flex: none;

  :where(.profile-dropdown) {
    position: absolute;
    top: calc(100% + ${theme.spacing.xs});
    right: 0;
    z-index: ${theme.zIndex.dropdown};
    width: ${PROFILE_MENU_WIDTH_PX}px;
    max-width: calc(100vw - ${theme.spacing.lg});
    padding: ${theme.spacing.xs} 0;
    background: ${theme.colors.surface};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    box-shadow: ${theme.shadows.md};

    &[hidden] {
      display: none;
    }
  }

  :where(.profile-greeting) {
    padding: ${theme.spacing.sm} ${theme.spacing.lg};
    border-bottom: 1px solid ${theme.colors.border};
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.sm};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  :where(.profile-list) {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  :where(.profile-entry) {
    ${entryStyle}
  }

  :where(.profile-entry-mail) {
    ${entryStyle}
  }

  :where(.profile-entry-button) {
    ${entryStyle}
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.medium};
  }
`;

