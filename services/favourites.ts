import { http } from './http';
import { SERVICE_URL, withParams } from './keys';

export interface FavouritesAnswer {
  status: string;
  msg?: Array<{ mid?: { values?: number[] } }>;
}

export interface FavouriteChange {
  status: string;
  message?: string;
}

export const favouriteKeys = {
  /** The SWR key of a member's favourites; also the getMyFav address. */
  list: (uid: number) => withParams(`${SERVICE_URL.user}/getMyFav`, { uid }),
};

/** getMyFav (POST uid, os): the ids at msg[0].mid.values; anything else is an empty list. */
export async function getFavourites(uid: number): Promise<number[]> {
  const { data } = await http.post<FavouritesAnswer>(`${SERVICE_URL.user}/getMyFav`, { uid, os: 'web' });
  const values = data.msg?.[0]?.mid?.values;
  return Array.isArray(values) ? values.map(Number).filter(Number.isFinite) : [];
}

export async function addFavourite(uid: number, mid: number): Promise<FavouriteChange> {
  const { data } = await http.post<FavouriteChange>(`${SERVICE_URL.user}/addmy_fav`, { uid, mid, os: 'web' });
  return data;
}

export async function removeFavourite(uid: number, mid: number): Promise<FavouriteChange> {
  const { data } = await http.post<FavouriteChange>(`${SERVICE_URL.user}/deletemy_fav`, { uid, mid, os: 'web' });
  return data;
}

/** SPEC §4: success only when the status is 'success', in any case. */
export function isSuccess(answer: { status?: unknown } | null | undefined): boolean {
  return typeof answer?.status === 'string' && answer.status.toLowerCase() === 'success';
}
