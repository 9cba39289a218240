/** SWR keys, one factory per service, built with URLSearchParams so a key is also the request URL. */

type Params = Record<string, string | number | boolean | undefined | null>;

export function withParams(path: string, params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
