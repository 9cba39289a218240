/** SWR keys, one factory per service, built with URLSearchParams so a key is also the request URL. */

/** Base URLs of the three services; this app serves them unless configured otherwise. Kept apart from http.ts so a key can be built without loading axios. */
export const SERVICE_URL = {
  article: process.env.ARTICLE_API_URL || '/api/article',
  catalogue: process.env.CATALOGUE_API_URL || '/api/catalogue',
  user: process.env.USER_API_URL || '/api/user',
} as const;

type Params = Record<string, string | number | boolean | undefined | null>;

export function withParams(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
