/**
 * bench/ab: two builds of the site side by side, so a change is measured against what it changes in one run on this
 * shared, noisy machine. Starts this checkout's bench build (.next-bench, as bench/pages makes it) and another
 * checkout's (BENCH_OTHER, e.g. a `git worktree` of the commit before), both on one PostgreSQL database, signs in
 * as the demo member on each, and loads each page on both in turn, round after round (autocannon, 10 connections,
 * a browser's Accept-Encoding), the order of the two swapped every round, so a busy moment falls on both alike.
 * Prints each page's median req/s on both, the change, and each build's ratio to its own bare page.
 *
 *   (cd ../other && git checkout <before> && npm install && cp bench/bare/bench-bare.tsx pages/ && BENCH_BARE_PAGE=1 npx next build)
 *   BENCH_OTHER=../other npx tsx bench/ab.ts
 *
 * Environment:
 *   BENCH_OTHER      the other checkout, built with BENCH_BARE_PAGE=1 (required)
 *   BENCH_PAGES      a comma list of paths (default: the bare page, home, a story, My Favorites, /magazine/{mid}, an
 *                    issue, the story list, /search?q=travel and My Account); `{mid}`, `{issueId}` and `{story}`
 *                    are filled from the demo library
 *   BENCH_PG_URL     postgres://root@127.0.0.1:5432/bench_pages (made and seeded by bench/pages)
 *   BENCH_SECONDS    seconds per page per build per round (4); BENCH_ROUNDS (6)
 *   BENCH_NODE_FLAGS, BENCH_OTHER_NODE_FLAGS  node flags of this build's and the other's server process
 *                    (SITE_NODE_FLAGS of scripts/run.ts); with BENCH_OTHER=. the same build is compared under two
 *                    sets of flags
 */
import path from 'node:path';
import autocannon from 'autocannon';
import { requestHeaders } from './request-headers';
import { signInDemoMember, startSite, stopSite, waitForHealth } from './server';
import { median } from './stats';

const OTHER = process.env.BENCH_OTHER;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/bench_pages';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DEFAULT_PAGES = '/bench-bare,/,{story},/dashboard/myFavorites,/magazine/{mid},/magazine/{mid}/{issueId},/stories/category/Cover-Stories/sec_60,/search?q=travel,/dashboard/myAccount';

interface Site {
  name: string;
  base: string;
  cookie: string;
}

async function rps(site: Site, page: string): Promise<number> {
  const result = await autocannon({ url: `${site.base}${page}`, connections: 10, duration: SECONDS, headers: requestHeaders(site.cookie), timeout: 30 });
  return (result.requests.total - result.non2xx - result.errors - result.timeouts) / result.duration;
}

async function fill(pages: string[], site: Site): Promise<string[]> {
  const get = async <T>(address: string) => (await (await fetch(`${site.base}${address}`, { headers: { cookie: site.cookie } })).json()) as T;
  const titles = await get<{ data: Array<{ mid: number; issueId: number }> }>('/api/catalogue/magazine-filter?categoryID=BS&lang=en&page=1');
  const covers = await get<{ Articles: Array<{ url: string }> }>('/api/article/v1/article?storeID=1&section=sec_60&page=0');
  const { mid, issueId } = titles.data[0];
  return pages.map((page) => page.replace('{mid}', String(mid)).replace('{issueId}', String(issueId)).replace('{story}', covers.Articles[0].url));
}

async function main(): Promise<void> {
  if (!OTHER) throw new Error('BENCH_OTHER names the other checkout (built with BENCH_BARE_PAGE=1)');
  const sameCheckout = path.resolve(OTHER) === process.cwd();
  const checkouts = [
    { name: 'this', cwd: process.cwd(), port: 3640, nodeFlags: process.env.BENCH_NODE_FLAGS ?? '', dataDir: 'bench-ab' },
    {
      name: sameCheckout ? 'other' : path.basename(path.resolve(OTHER)),
      cwd: path.resolve(OTHER),
      port: 3641,
      nodeFlags: process.env.BENCH_OTHER_NODE_FLAGS ?? '',
      dataDir: sameCheckout ? 'bench-ab-other' : 'bench-ab',
    },
  ];
  const children = checkouts.map((checkout) =>
    startSite({
      database: 'postgresql',
      dataDir: path.join(checkout.cwd, '.data', checkout.dataDir),
      port: checkout.port,
      pgUrl: PG_URL,
      env: { BENCH_BARE_PAGE: '1', SITE_NODE_FLAGS: checkout.nodeFlags },
      cwd: checkout.cwd,
    }),
  );
  try {
    const sites: Site[] = [];
    for (const [index, checkout] of checkouts.entries()) {
      const base = `http://127.0.0.1:${checkout.port}`;
      await waitForHealth(children[index], base, path.join(checkout.cwd, '.data', checkout.dataDir, 'bench-server.log'));
      sites.push({ name: checkout.name, base, cookie: (await signInDemoMember(base)).cookie });
    }
    const pages = await fill((process.env.BENCH_PAGES ?? DEFAULT_PAGES).split(',').map((page) => page.trim()), sites[0]);
    for (const page of pages) for (const site of sites) await rps(site, page); // warm-up
    const runs = new Map(pages.map((page) => [page, sites.map(() => [] as number[])]));
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const page of pages) for (const index of order) runs.get(page)![index].push(await rps(sites[index], page));
      console.log(`round ${round + 1} of ${ROUNDS} done`);
    }
    const medians = new Map(pages.map((page) => [page, runs.get(page)!.map((all) => median(all))]));
    const bare = medians.get(pages[0])!;
    console.log(`\nmedians of ${ROUNDS} rounds of ${SECONDS} s, 10 connections, PostgreSQL; ratio = to the same build's ${pages[0]}`);
    console.log(`${'page'.padEnd(48)} ${sites[0].name.padStart(9)} ${sites[1].name.padStart(9)}  change   ratio ${sites[0].name} / ${sites[1].name}`);
    for (const page of pages) {
      const [a, b] = medians.get(page)!;
      console.log(
        `${page.slice(0, 48).padEnd(48)} ${a.toFixed(0).padStart(9)} ${b.toFixed(0).padStart(9)}  ${(((a - b) / b) * 100).toFixed(0).padStart(4)}%   ${(a / bare[0]).toFixed(2)} / ${(b / bare[1]).toFixed(2)}`,
      );
    }
  } finally {
    await Promise.all(children.map((child) => stopSite(child)));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
