import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID } from '@/lib/constants';
import { ageParam } from '@/lib/age';
import { imageSet, mediaUrl, type CategoryTile, type IssueTile } from '@/lib/entities';
import { catalogueBase } from '@/lib/routes';
import type { CategoryRow, MagazineHit } from '@/server/catalogue/queries';
import { http, SERVICE_URL } from './http';
import { withParams } from './keys';

export type { CategoryRow, MagazineHit };

export interface MagazinePage {
  status: string;
  page: number;
  nbPages: number;
  total: number;
  data: MagazineHit[];
}

export const GOLD_BADGE = { src: '/icons/gold-1x.svg', alt: 'Gold' } as const;

export const catalogueKeys = {
  categories: (lang = 'en', libid?: number) => withParams(`${SERVICE_URL.catalogue}/getCategories`, { lang, libid }),
  languages: () => `${SERVICE_URL.catalogue}/getLanguages`,
  stores: () => `${SERVICE_URL.catalogue}/getStores`,
  magazines: (params: { categoryID: string | number; lang?: string; page?: number; libid?: number; ageRating?: number }) =>
    withParams(`${SERVICE_URL.catalogue}/magazine-filter`, {
      libid: params.libid,
      gold: 1,
      storeID: DEFAULT_STORE_ID,
      categoryID: params.categoryID,
      lang: params.lang ?? '',
      age_rate: ageParam(params.ageRating ?? AGE_RATING_DEFAULT.magazineFilter),
      page: params.page ?? 1,
    }),
};

export async function getCategories(lang = 'en', libid?: number): Promise<CategoryRow[]> {
  const { data } = await http.get<{ data: CategoryRow[] }>(catalogueKeys.categories(lang, libid));
  return data.data;
}

export async function filterMagazines(params: Parameters<typeof catalogueKeys.magazines>[0]): Promise<MagazinePage> {
  const { data } = await http.get<MagazinePage>(catalogueKeys.magazines(params));
  return data;
}

/** SPEC §3 Issue tile from a magazine filter hit. */
export function issueTile(hit: MagazineHit, libraryId?: number): IssueTile {
  const { src, srcSet } = imageSet(hit.img);
  const base = catalogueBase(libraryId);
  // Optional fields are left out, not undefined: the tile travels through getServerSideProps as JSON.
  return {
    name: hit.magName,
    editionId: hit.issueId,
    imageSrc: src,
    imageSrcSet: srcSet,
    ...(hit.isGold === 1 ? { floatingImgSrc: GOLD_BADGE.src, floatingImgAltText: GOLD_BADGE.alt } : {}),
    showFloatingIcon: hit.isGold === 1,
    browserLinkUrl: `${base}/magazine/${hit.mid}`,
    appLinkUrl: `${base}/magazine/${hit.mid}/${hit.issueId}`,
  };
}

/** SPEC §3 Category tile. */
export function categoryTile(category: CategoryRow, libraryId?: number): CategoryTile {
  const href = `${catalogueBase(libraryId)}/magazines/${category.category_id}`;
  return { name: category.name, imgPath: mediaUrl(category.image), appLinkUrl: href, browserLinkUrl: href };
}
