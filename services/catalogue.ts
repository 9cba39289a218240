import Cookies from 'js-cookie';
import { AGE_RATING_DEFAULT, DEFAULT_STORE_ID } from '@/lib/constants';
import { ageParam, ageRatingOrDefault } from '@/lib/age';
import type { ListingQuery } from '@/lib/catalogue-screens';
import { COOKIE } from '@/lib/cookies';
import { issueTile } from '@/lib/catalogue-tiles';
import type { IssueTile, MagazineHit } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL, withParams } from './keys';

export interface MagazinePage {
  status: string;
  page: number;
  nbPages: number;
  total: number;
  data: MagazineHit[];
}

const catalogueKeys = {
  languages: () => `${SERVICE_URL.catalogue}/getLanguages`,
  stores: () => `${SERVICE_URL.catalogue}/getStores`,
  magazines: (params: { categoryID?: string | number; lang?: string; page?: number; libid?: number; ageRating?: number }) =>
    withParams(`${SERVICE_URL.catalogue}/magazine-filter`, {
      libid: params.libid,
      gold: 1,
      storeID: DEFAULT_STORE_ID,
      categoryID: params.categoryID,
      lang: params.lang ?? '',
      age_rate: ageParam(params.ageRating ?? AGE_RATING_DEFAULT.magazineFilter),
      page: params.page ?? 1,
    }),
  issueList: (params: { mid: number; page?: number; libid?: number; ageRating?: number }) =>
    withParams(`${SERVICE_URL.catalogue}/issues`, {
      mid: params.mid,
      page: params.page ?? 1,
      libid: params.libid,
      age_rate: ageParam(params.ageRating ?? AGE_RATING_DEFAULT.magazineFilter),
    }),
};

async function filterMagazines(params: Parameters<typeof catalogueKeys.magazines>[0]): Promise<MagazinePage> {
  const { data } = await http.get<MagazinePage>(catalogueKeys.magazines(params));
  return data;
}

/** SPEC §3 Issue tiles of one title, a page of 20 (the issue list call). */
export interface IssueTilePage {
  status: string;
  page: number;
  nbPages: number;
  total: number;
  data: IssueTile[];
}

async function getIssueTiles(params: Parameters<typeof catalogueKeys.issueList>[0]): Promise<IssueTilePage> {
  const { data } = await http.get<IssueTilePage>(catalogueKeys.issueList(params));
  return data;
}

/** The member's age rating as the catalogue calls send it: the cookie, or the filter's default when missing or 0. */
function cookieAgeRating(): number {
  return ageRatingOrDefault(Cookies.get(COOKIE.ageRating), AGE_RATING_DEFAULT.magazineFilter);
}

/** The next page of a listing (the magazine filter) as Issue tiles linking to each title. */
export async function listingPage(query: ListingQuery, page: number): Promise<{ items: IssueTile[]; nbPages: number }> {
  const answer = await filterMagazines({ categoryID: query.categoryID ?? undefined, lang: query.lang, page, libid: query.libid, ageRating: cookieAgeRating() });
  return { items: answer.data.map((hit) => issueTile(hit, query.base)), nbPages: answer.nbPages };
}

/** The next page of a title's issues (the issue list) as Issue tiles. */
export async function issueListPage(mid: number, libid: number, page: number): Promise<{ items: IssueTile[]; nbPages: number }> {
  const answer = await getIssueTiles({ mid, page, libid, ageRating: cookieAgeRating() });
  return { items: answer.data, nbPages: answer.nbPages };
}
