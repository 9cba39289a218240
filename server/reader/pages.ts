import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import { issuePath } from '@/lib/catalogue-paths';
import type { ReaderIssue } from '@/lib/wire';
import { issueOwner } from '../catalogue/titles';
import type { RequestContext } from '../context';
import { countIssueOpened } from '../usage/reading';
import { checkReaderAccess, readerIssue, REFUSAL_MESSAGES, type ReaderRefusal } from './access';
import { warmPages } from './images';

export type ReaderProps =
  | { screen: 'reader'; code: string; issue: ReaderIssue }
  | { screen: 'refused'; refusal: ReaderRefusal; message: string; reopenHref: string | null };

function one(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * /reader/{code}/{issue} and /q/temp/tpreader?code=&issue=: the code and the member are checked again on every
 * load, and the page is never cached. A refused code gets a screen that offers to open the issue again.
 */
export async function readerProps(page: RequestContext, ctx: GetServerSidePropsContext, temp: boolean): Promise<GetServerSidePropsResult<ReaderProps>> {
  ctx.res.setHeader('Cache-Control', 'no-store');
  const code = one(temp ? ctx.query.code : ctx.params?.code);
  const issueText = one(temp ? ctx.query.issue : ctx.params?.issue);
  const issueId = /^\d{1,9}$/.test(issueText) ? Number(issueText) : 0;
  const { session } = page;
  // A code is no bearer link (checkReaderAccess): without a session, sign in first, on /q/temp/tpreader too.
  if (!session) return { redirect: { destination: '/login', permanent: false } };
  const access = issueId
    ? await checkReaderAccess({
        code,
        issueId,
        session,
        ageRating: page.requestedAgeRating,
        // /q/temp/tpreader opens codes of the libraries that read under /q/temp (their setting; the demo's 2083).
        tempRoutesOnly: temp,
      })
    : ({ ok: false, refusal: 'invalid-code' } as const);
  if (!access.ok) {
    ctx.res.statusCode = 403;
    const owner = issueId ? await issueOwner(issueId) : null;
    const base = temp ? '/q/temp' : await page.base();
    return {
      props: { screen: 'refused', refusal: access.refusal, message: REFUSAL_MESSAGES[access.refusal], reopenHref: owner ? issuePath(base, owner.mid, issueId) : null },
    };
  }
  // Not awaited: counting must not slow or break reading.
  void countIssueOpened(access.grant);
  const issue = await readerIssue(code, access.grant);
  const start = issue.lastPage ?? 1;
  // The page shown first is drawn while the browser reads the HTML, then the two after it and the cover; their
  // requests find them ready or in progress.
  warmPages(issueId, [...new Set([start, start + 1, start + 2, 1])].filter((n) => n <= issue.pageCount));
  // The browser asks for the page shown first as soon as it has these headers, before it has read the HTML; the
  // reader's scripts wait for that picture (lib/held-scripts.ts).
  const first = issue.pages[start - 1];
  if (first) ctx.res.setHeader('Link', `<${first.src[0]}>; rel=preload; as=image; fetchpriority=high`);
  return { props: { screen: 'reader', code, issue } };
}
