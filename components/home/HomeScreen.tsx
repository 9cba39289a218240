import { useMemo } from 'react';
import styled from 'styled-components';
import { useFavouriteSlots } from '@/components/magazine/CardFavourite';
import { categoryTileMarkup, issueCardMarkup, storyCardWideMarkup } from '@/components/ui/card-markup';
import { categoryTileRules } from '@/components/ui/CategoryTile';
import { issueCardRules } from '@/components/ui/IssueCard';
import { Slider } from '@/components/ui/Slider';
import { storyCardWideRules } from '@/components/ui/StoryCard';
import type { CategoryTile as CategoryTileData, IssueTile, StoryTile } from '@/lib/wire';
import { theme } from '@/styles/theme';

export interface HomeScreenProps {
  libraryName: string;
  popular: IssueTile[];
  categories: CategoryTileData[];
  newspapers: IssueTile[] | null;
  coverStories: StoryTile[];
  links: { popular: string; categories: string; newspapers: string; coverStories: string };
}

/**
 * The home page: the library's popular magazines, categories, newspapers and cover stories. Its rows' cards are
 * written as text (card-markup's whole cards) and styled from the page, which carries each kind's rules once: a
 * home page draws some sixty cards, and a component (with its styled element) per card was a fifth of its render.
 * The magazine cards' favourite toggles are drawn into their slots once a member is known (useFavouriteSlots).
 */
export function HomeScreen({ libraryName, popular, categories, newspapers, coverStories, links }: HomeScreenProps) {
  const [favouritesHolder, favouriteToggles] = useFavouriteSlots(useMemo(() => [popular, newspapers], [popular, newspapers]));
  const nothing = popular.length === 0 && categories.length === 0 && coverStories.length === 0 && !newspapers;
  return (
    <Page ref={favouritesHolder}>
      <Title>{libraryName ? `Welcome to ${libraryName}` : 'Welcome'}</Title>
      {nothing && <Empty>Your library has no titles to show yet. Please check back soon.</Empty>}
      {popular.length > 0 && (
        <Slider
          title="Popular Magazines"
          viewAllHref={links.popular}
          itemCount={popular.length}
          items={popular.map((tile, index) => issueCardMarkup(tile, { priority: index < 6, favouriteSlot: true }))}
        />
      )}
      {categories.length > 0 && (
        <Slider title="Categories" viewAllHref={links.categories} itemCount={categories.length} items={categories.map((tile) => categoryTileMarkup(tile))} />
      )}
      {newspapers && (
        <Slider title="Newspapers" viewAllHref={links.newspapers} itemCount={newspapers.length} items={newspapers.map((tile) => issueCardMarkup(tile, { favouriteSlot: true }))} />
      )}
      {coverStories.length > 0 && (
        <Slider
          title="Cover Stories"
          viewAllHref={links.coverStories}
          itemCount={coverStories.length}
          items={coverStories.map((story) => storyCardWideMarkup(story))}
        />
      )}
      {favouriteToggles}
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xl};
  padding: ${theme.spacing.lg} 0;

  .issue-card {
    ${issueCardRules}
  }

  .category-tile {
    ${categoryTileRules}
  }

  .story-card-wide {
    ${storyCardWideRules}
  }
`;

const Title = styled.h1`
  margin: 0;
  padding: 0 ${theme.spacing.lg};
  font-size: ${theme.fontSizes.xxl};
`;

const Empty = styled.p`
  padding: 0 ${theme.spacing.lg};
  color: ${theme.colors.muted};
`;
