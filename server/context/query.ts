import type { GetServerSidePropsContext, Redirect } from 'next';

/** One query (or route) parameter as a string, or '' when it is missing. */
export function param(ctx: Pick<GetServerSidePropsContext, 'query'>, name: string): string {
  const value = ctx.query[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** `?lib=` as a library id, or null. */
export function libParam(ctx: Pick<GetServerSidePropsContext, 'query'>): number | null {
  const n = Number(param(ctx, 'lib'));
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
}

/** A temporary redirect from getServerSideProps. */
export function redirectTo(destination: string): { redirect: Redirect } {
  return { redirect: { destination, permanent: false } };
}

/** A positive integer id from a route segment, or null (so a bad id is a 404, never an error). */
export function idParam(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
