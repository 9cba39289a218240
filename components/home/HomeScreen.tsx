import styled from 'styled-components';
import { favouriteForCard } from '@/components/magazine/CardFavourite';
import { CategoryTile } from '@/components/ui/CategoryTile';
import { IssueCard } from '@/components/ui/IssueCard';
import { Slider } from '@/components/ui/Slider';
import { StoryCardWide } from '@/components/ui/StoryCard';
import type { CategoryTile as CategoryTileData, IssueTile, StoryTile } from '@/lib/entities';
import { theme } from '@/styles/theme';

export interface HomeScreenProps {
  libraryName: string;
  popular: IssueTile[];
  categories: CategoryTileData[];
  newspapers: IssueTile[] | null;
  coverStories: StoryTile[];
  links: { popular: string; categories: string; newspapers: string; coverStories: string };
}

/** The home page: the library's popular magazines, categories, newspapers and cover stories. */
export function HomeScreen({ libraryName, popular, categories, newspapers, coverStories, links }: HomeScreenProps) {
  const nothing = popular.length === 0 && categories.length === 0 && coverStories.length === 0 && !newspapers;
  return (
    <Page>
      <Title>{libraryName ? `Welcome to ${libraryName}` : 'Welcome'}</Title>
      {nothing && <Empty>Your library has no titles to show yet. Please check back soon.</Empty>}
      {popular.length > 0 && (
        <Slider title="Popular Magazines" viewAllHref={links.popular} itemCount={popular.length}>
          {popular.map((tile, index) => (
            <IssueCard key={tile.editionId} tile={tile} priority={index < 6} overlay={favouriteForCard(tile)} />
          ))}
        </Slider>
      )}
      {categories.length > 0 && (
        <Slider title="Categories" viewAllHref={links.categories} itemCount={categories.length}>
          {categories.map((tile) => (
            <CategoryTile key={tile.browserLinkUrl} {...tile} />
          ))}
        </Slider>
      )}
      {newspapers && (
        <Slider title="Newspapers" viewAllHref={links.newspapers} itemCount={newspapers.length}>
          {newspapers.map((tile) => (
            <IssueCard key={tile.editionId} tile={tile} overlay={favouriteForCard(tile)} />
          ))}
        </Slider>
      )}
      {coverStories.length > 0 && (
        <Slider title="Cover Stories" viewAllHref={links.coverStories} itemCount={coverStories.length}>
          {coverStories.map((story) => (
            <StoryCardWide key={story.key} story={story} />
          ))}
        </Slider>
      )}
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xl};
  padding: ${theme.spacing.lg} 0;
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
