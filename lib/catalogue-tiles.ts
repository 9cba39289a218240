import { issuePath, listingPath, magazinePath, type CatalogueBase } from './catalogue-paths';
import { imageSet, mediaUrl } from './media';
import type { CategoryRow, CategoryTile, IssueTile, MagazineHit } from './wire';

/** The gold badge over a gold title's cover (SPEC §9: the icon comes in three sizes). */
export const GOLD_BADGE = { src: '/icons/gold-1x.svg', alt: 'Gold' } as const;

function badge(isGold: number): Pick<IssueTile, 'floatingImgSrc' | 'floatingImgAltText' | 'showFloatingIcon'> {
  return isGold === 1 ? { floatingImgSrc: GOLD_BADGE.src, floatingImgAltText: GOLD_BADGE.alt, showFloatingIcon: true } : { showFloatingIcon: false };
}

/** SPEC §3 Issue tile for a title in a listing: its latest cover, linking to the title's page. */
export function titleTile(hit: { mid: number; magName: string; issueId: number; img: string; isGold: number }, base: CatalogueBase): IssueTile {
  const { src, srcSet } = imageSet(hit.img);
  return {
    mid: hit.mid,
    name: hit.magName,
    editionId: hit.issueId,
    imageSrc: src,
    imageSrcSet: srcSet,
    ...badge(hit.isGold),
    browserLinkUrl: magazinePath(base, hit.mid),
    appLinkUrl: issuePath(base, hit.mid, hit.issueId),
  };
}

/** SPEC §3 Issue tile for one issue of a title, linking to the issue's page; named by the issue. */
export function editionTile(issue: { mid: number; issueId: number; issueName: string; img: string; isGold: number }, base: CatalogueBase): IssueTile {
  const { src, srcSet } = imageSet(issue.img);
  const href = issuePath(base, issue.mid, issue.issueId);
  return {
    name: issue.issueName,
    editionId: issue.issueId,
    imageSrc: src,
    imageSrcSet: srcSet,
    ...badge(issue.isGold),
    browserLinkUrl: href,
    appLinkUrl: href,
  };
}

/** SPEC §3 Issue tile from a magazine filter hit, under the catalogue base the server chose for the reader's library. */
export function issueTile(hit: MagazineHit, base: CatalogueBase = ''): IssueTile {
  return titleTile(hit, base);
}

/** SPEC §3 Category tile, linking to the category's listing. */
export function categoryTile(category: CategoryRow, base: CatalogueBase = ''): CategoryTile {
  const href = listingPath(base, category.category_id);
  return { name: category.name, imgPath: mediaUrl(category.image), appLinkUrl: href, browserLinkUrl: href };
}
