import Head from 'next/head';
import { useCallback } from 'react';
import styled from 'styled-components';
import { CategoryTile } from '@/components/ui/CategoryTile';
import { KeywordChipList } from '@/components/ui/KeywordChip';
import type { ListingScreenProps } from '@/lib/catalogue-screens';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { TileGrid, type TileGridProps } from './TileGrid';

/**
 * A category or top list (SPEC §2 /magazines/{catId}[/{magLang}]), journals, or the titles in one language: the
 * filters, then the covers, 20 at a time. A top list shown in all languages starts with every category.
 * `cardOverlay` puts a control over each card (the favourite toggle); the page decides, as the magazine page does for
 * its own toggle, so a listing without one does not load it.
 */
export function ListingScreen({ title, listTitle, topLists, languages, categories, tiles, nbPages, total, query, emptyText, cardOverlay }: ListingScreenProps & Pick<TileGridProps, 'cardOverlay'>) {
  const loadPage = useCallback(async (page: number) => {
    // The client's call code (and axios) loads with the second page, not with the screen.
    const { listingPage } = await import('@/services/catalogue');
    return listingPage(query, page);
  }, [query]);
  const selectedLanguage = languages.find((chip) => chip.selected && chip.label !== 'All Languages')?.label;
  const listKey = `${query.categoryID ?? ''}|${query.lang}|${query.libid}`;

  return (
    <Page>
      <Head>
        <title>{`${selectedLanguage ? `${title} · ${selectedLanguage}` : title} | Library Reader`}</title>
      </Head>
      <Title>{title}</Title>
      {topLists ? (
        <nav aria-label="Top lists">
          <KeywordChipList label="Top lists" chips={topLists} />
        </nav>
      ) : null}
      {languages.length > 1 ? (
        <nav aria-label="Languages">
          <KeywordChipList label="Languages" chips={languages} />
        </nav>
      ) : null}
      {categories && categories.length > 0 ? (
        <section aria-labelledby="all-categories">
          <h2 id="all-categories" className="visually-hidden">
            Categories
          </h2>
          <CategoryGrid>
            {categories.map((tile, index) => (
              <li key={tile.browserLinkUrl}>
                <CategoryTile {...tile} priority={index < 6} />
              </li>
            ))}
          </CategoryGrid>
        </section>
      ) : null}
      <section aria-labelledby="listing-titles">
        <ListHeading id="listing-titles" className={listTitle ? undefined : 'visually-hidden'}>
          {listTitle ?? `${title}: ${total} ${total === 1 ? 'title' : 'titles'}`}
        </ListHeading>
        <TileGrid key={listKey} label={listTitle ?? title} first={{ items: tiles, nbPages }} loadPage={loadPage} emptyText={emptyText} cardOverlay={cardOverlay} />
      </section>
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  padding: ${theme.spacing.lg};

  ${media.up('md')} {
    padding: ${theme.spacing.xl};
  }
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  overflow-wrap: anywhere;

  ${media.up('md')} {
    font-size: ${theme.fontSizes.display};
  }
`;

const ListHeading = styled.h2`
  margin-bottom: ${theme.spacing.md};
  font-size: ${theme.fontSizes.xl};
`;

const CategoryGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  justify-items: center;
  gap: ${theme.spacing.xl} ${theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.up('md')} {
    grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  }
`;
