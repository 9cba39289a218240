import { useId, useRef } from 'react';
import styled from 'styled-components';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/IconButton';
import { useFocusTrap } from '@/hooks/useFocusTrap';
import { useScrollLock } from '@/hooks/useScrollLock';
import { useSearch } from '@/hooks/useSearch';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { OVERLAY_DISCOVER_TILES } from '@/lib/search';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { SearchField } from './SearchField';
import { SearchHome } from './SearchHome';
import { SearchResults } from './SearchResults';

export interface SearchOverlayProps {
  open: boolean;
  onClose(): void;
  /** 'Search Magazines', with ', newspapers' and ', journals' when enabled (lib/search searchPlaceholder). */
  placeholder: string;
  libraryId?: number;
  /** Where results link: the member's library's catalogue base, from the shell the server built. */
  base?: CatalogueBase;
  /** The ageRating cookie. */
  ageRating?: number;
}

/**
 * The full-screen search of SPEC §2, opened from the header's search button: a text box and a close cross
 * (Escape closes it too); with no text, the popular languages, magazines, journals and categories; with text,
 * the results.
 */
export function SearchOverlay({ open, onClose, placeholder, libraryId, base, ageRating }: SearchOverlayProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(dialogRef, open, { initialFocusRef: inputRef, onEscape: onClose });
  useScrollLock(open);
  const options = { ageRating, libraryId, base };
  const { state, setText, setTab, loadMore } = useSearch({ ...options, discoverCount: OVERLAY_DISCOVER_TILES });

  if (!open) return null;
  const typed = state.text.trim().length > 0;

  return (
    <Backdrop>
      <Dialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <Bar>
          <Title id={titleId} className="visually-hidden">
            Search
          </Title>
          <SearchField value={state.text} onChange={setText} placeholder={placeholder} inputRef={inputRef} />
          <IconButton aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Bar>
        <Body ref={bodyRef} data-scroll-area>
          <Content>
            {typed ? (
              <SearchResults state={state} onTab={setTab} onMore={loadMore} variant="overlay" options={options} scrollRoot={bodyRef} />
            ) : (
              <SearchHome libraryId={libraryId} base={base} />
            )}
          </Content>
        </Body>
      </Dialog>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.overlay};
  background: ${theme.colors.surface};
`;

const Dialog = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
`;

const Bar = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.sm};
  border-bottom: 1px solid ${theme.colors.border};

  ${media.up('md')} {
    padding: ${theme.spacing.md} ${theme.spacing.xl};
  }
`;

const Title = styled.h2``;



const Body = styled.div`
  flex: 1 1 auto;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const Content = styled.div`
  max-width: ${theme.sizes.contentMaxWidth};
  margin: 0 auto;
  padding: ${theme.spacing.lg} ${theme.spacing.md};

  ${media.up('md')} {
    padding: ${theme.spacing.xl};
  }
`;
