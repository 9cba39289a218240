import styled from 'styled-components';
import useSWR from 'swr';
import { listingPath, magazinePath, type CatalogueBase } from '@/lib/catalogue-paths';
import { CategoryTile } from '@/components/ui/CategoryTile';
import { IssueCard } from '@/components/ui/IssueCard';
import { KeywordChipList } from '@/components/ui/KeywordChip';
import { Slider } from '@/components/ui/Slider';
import { SEARCH_HOME_MAX_CATEGORIES } from '@/lib/constants';
import { imageSet, mediaUrl } from '@/lib/media';
import type { IssueTile, MagazineSearchHit } from '@/lib/wire';
import { GOLD_BADGE } from '@/lib/catalogue-tiles';
import { searchKeys } from '@/services/search-keys';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';


function tileOf(hit: MagazineSearchHit, base: CatalogueBase): IssueTile {
  const { src, srcSet } = imageSet(hit.new_imgPath);
  return {
    name: hit.magName,
    editionId: hit.issueId,
    imageSrc: src,
    imageSrcSet: srcSet,
    ...(hit.isGold === 1 ? { floatingImgSrc: GOLD_BADGE.src, floatingImgAltText: GOLD_BADGE.alt } : {}),
    showFloatingIcon: hit.isGold === 1,
    browserLinkUrl: magazinePath(base, hit.mid),
  };
}

// The search calls load with this read, after the page is shown.
const loadCatalogue = async (url: string) => (await import('@/services/search')).getLibraryCatalogue(url);

/**
 * The overlay before anything is typed (SPEC §2): 'Popular Languages', 'Popular Magazines' (to /magazines/BS/en),
 * 'Popular Journals' (to /journals, only when there are any) and at most 10 'Popular Categories', from the
 * library's catalogue (magazine-libaray). A failed call shows nothing (SPEC §8).
 */
export function SearchHome({ libraryId, base = '' }: { libraryId?: number; base?: CatalogueBase }) {
  const { data, isLoading } = useSWR(searchKeys.library({ libraryId }), loadCatalogue, { revalidateOnFocus: false });
  if (isLoading || !data) {
    return (
      <Loading role="status" aria-live="polite">
        Loading popular titles…
      </Loading>
    );
  }
  const categories = data.popularCat.slice(0, SEARCH_HOME_MAX_CATEGORIES);
  return (
    <Sections>
      {data.popularLang.length > 0 ? (
        <Languages aria-labelledby="search-home-languages">
          <SectionTitle id="search-home-languages">Popular Languages</SectionTitle>
          <KeywordChipList
            label="Popular Languages"
            chips={data.popularLang.map((language) => ({ label: language.lang, href: listingPath(base, 'BS', language.lang_code) }))}
          />
        </Languages>
      ) : null}
      {data.magazineList.length > 0 ? (
        <Slider title="Popular Magazines" viewAllHref={listingPath(base, 'BS', 'en')} itemCount={data.magazineList.length}>
          {data.magazineList.map((hit) => (
            <IssueCard key={hit.objectID} tile={tileOf(hit, base)} size="compact" />
          ))}
        </Slider>
      ) : null}
      {data.journalList.length > 0 ? (
        <Slider title="Popular Journals" viewAllHref="/journals" itemCount={data.journalList.length}>
          {data.journalList.map((hit) => (
            <IssueCard key={hit.objectID} tile={tileOf(hit, base)} size="compact" />
          ))}
        </Slider>
      ) : null}
      {categories.length > 0 ? (
        <Slider title="Popular Categories" itemCount={categories.length}>
          {categories.map((category) => (
            <CategoryTile
              key={category.category_id}
              name={category.name}
              imgPath={mediaUrl(category.image)}
              browserLinkUrl={listingPath(base, category.category_id)}
              size="compact"
            />
          ))}
        </Slider>
      ) : null}
    </Sections>
  );
}

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xl};
`;

// Inset and sized like a Slider's row and heading, so every row of the overlay starts at one left edge.
const Languages = styled.section`
  padding: ${theme.spacing.lg} ${theme.spacing.lg} 0;
`;

const SectionTitle = styled.h2`
  margin-bottom: ${theme.spacing.sm};
  font-size: ${theme.fontSizes.lg};

  ${media.up('md')} {
    font-size: ${theme.fontSizes.xl};
  }
`;

const Loading = styled.p`
  padding: 0 ${theme.spacing.lg};
  color: ${theme.colors.muted};
`;
