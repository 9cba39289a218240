import { useState } from 'react';
import styled from 'styled-components';
import { pillChip } from '@/components/ui/pill-chip';
import { storyCategoryHref } from '@/lib/story-paths';
import { theme } from '@/styles/theme';
import type { CategoryRow } from '@/lib/wire';

export interface FixedStoryLink {
  label: string;
  href: string;
}

export interface StoryCategoryNavProps {
  fixed: FixedStoryLink[];
  categories: CategoryRow[];
  /** The address of the list being shown, marked aria-current. */
  currentHref: string;
  onToggleFavourite(category: CategoryRow): void;
  /** The category whose favourite could not be saved, for a short message. */
  failed: string | null;
}

/**
 * The story categories: the fixed lists, then the content categories with the member's favourites first, as a row of
 * chips; and a disclosure to mark and unmark favourites. The chips (some fifty) are plain anchors styled from their
 * list and navigated by the frame's one listener (hooks/useDelegatedLinks): a next/link and a styled component each
 * cost the story list's server render more than the rest of a chip.
 */
export function StoryCategoryNav({ fixed, categories, currentHref, onToggleFavourite, failed }: StoryCategoryNavProps) {
  // The toggles are drawn when the reader opens the disclosure: most never do, and the page stays light.
  const [choosing, setChoosing] = useState(false);
  const chips = [
    ...fixed.map((link) => ({ ...link, favourite: false })),
    ...categories.map((category) => ({ label: category.name, href: storyCategoryHref(category.cat_slug, category.category_id), favourite: category.is_fav === 1 })),
  ];
  return (
    <Wrapper>
      <nav aria-label="Story categories">
        <Chips>
          {chips.map((chip) => (
            <li key={chip.href}>
              <a className="chip" href={chip.href} aria-current={chip.href === currentHref ? 'page' : undefined}>
                {chip.favourite ? (
                  <>
                    <span className="star" aria-hidden="true">
                      ★
                    </span>
                    <span className="visually-hidden">Favourite: </span>
                  </>
                ) : null}
                {chip.label}
              </a>
            </li>
          ))}
        </Chips>
      </nav>
      {categories.length > 0 ? (
        <Favourites onToggle={(event) => setChoosing(event.currentTarget.open)}>
          <summary>Choose favourite categories</summary>
          <p>Your favourites come first in the list above and shape For You.</p>
          {choosing ? (
            <ToggleList>
              {categories.map((category) => (
                <li key={category.category_id}>
                  <Toggle type="button" aria-pressed={category.is_fav === 1} onClick={() => onToggleFavourite(category)}>
                    <Star aria-hidden="true">{category.is_fav === 1 ? '★' : '☆'}</Star>
                    {category.name}
                  </Toggle>
                </li>
              ))}
            </ToggleList>
          ) : null}
          <p role="status">{failed ? `We couldn’t save ${failed} as a favourite. Please try again.` : ''}</p>
        </Favourites>
      ) : null}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  min-width: 0;
`;

const Chips = styled.ul`
  display: flex;
  gap: ${theme.spacing.sm};
  margin: 0;
  padding: ${theme.spacing.xs} ${theme.spacing.lg} ${theme.spacing.sm};
  list-style: none;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: thin;

  & > li {
    flex: none;
  }

  .chip {
    ${pillChip}
    gap: ${theme.spacing.xs};
    min-height: ${theme.sizes.tapTarget};
  }

  .star {
    color: inherit;
    font-size: ${theme.fontSizes.md};
    line-height: 1;
  }
`;

const Star = styled.span`
  color: inherit;
  font-size: ${theme.fontSizes.md};
  line-height: 1;
`;

const Favourites = styled.details`
  margin: 0 ${theme.spacing.lg};
  font-size: ${theme.fontSizes.sm};

  & > summary {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.bold};
    cursor: pointer;
  }

  & > p {
    margin: ${theme.spacing.xs} 0;
    color: ${theme.colors.muted};
  }
`;

const ToggleList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${theme.spacing.xs};
  margin: ${theme.spacing.sm} 0;
  padding: 0;
  list-style: none;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${theme.spacing.sm};
  width: 100%;
  min-height: ${theme.sizes.tapTarget};
  padding: 0 ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  text-align: left;

  &[aria-pressed='true'] {
    border-color: ${theme.colors.brand};
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.bold};
  }

  &:hover {
    background: ${theme.colors.surfaceHover};
  }
`;
