/**
 * bench/profile: where a page's server time goes. Starts the production build (`npm start`, embedded database unless
 * BENCH_DATABASE says otherwise) with `node --cpu-prof`, signs in as the demo member, loads one page with autocannon
 * (10 connections, a browser's Accept-Encoding) after a warm-up, stops the server so the profile is written, and prints
 * the self time of the busiest functions and of each package (or file of ours) in the site's own process.
 *
 *   npm run build && BENCH_PAGE=/ npx tsx bench/profile.ts
 *
 * Environment:
 *   BENCH_PAGE         the page (default `/`); a comma list loads each in turn; `story` is bench/pages' story
 *   BENCH_SECONDS      seconds of load (15); BENCH_WARMUP_SECONDS (3)
 *   BENCH_DATABASE     `embedded` (default), `pglite` or `postgresql` (with BENCH_PG_URL)
 *   BENCH_PG_URL       postgres://root@127.0.0.1:5432/bench_pages
 *   BENCH_DATA_DIR     .data/bench-pages (shared with bench/pages, so the seed is made once)
 *   BENCH_PORT         3630
 *   BENCH_TOP          how many functions to list (30)
 *   BENCH_BARE_PAGE=1  profiles bench/pages' build (.next-bench) instead of .next
 *   BENCH_BASIC=1      requests the page as a reading app does: HTTP Basic with the demo member's email and password,
 *                      no session cookie (every request checks the credentials, through the cache). `{library}` in
 *                      BENCH_PAGE is the member's library id:
 *                        BENCH_BASIC=1 BENCH_PAGE=/api/opds/{library}/latest npx tsx bench/profile.ts
 * The profiles stay in <data dir>/profiles for Chrome's DevTools (Performance, "Load profile").
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { requestHeaders } from './request-headers';
import { DEMO_MEMBER, signInDemoMember, startSite, stopSite, waitForHealth } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3630);
const BASE = `http://127.0.0.1:${PORT}`;
const DATABASE = process.env.BENCH_DATABASE ?? 'embedded';
const DATA_ROOT = process.env.BENCH_DATA_DIR ?? '.data/bench-pages';
const PAGES = (process.env.BENCH_PAGE ?? '/').split(',').map((page) => page.trim());
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 30);
const BASIC = process.env.BENCH_BASIC === '1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * CPU seconds used so far by the site's own processes (its process group: npm, tsx, the server) and by every
 * PostgreSQL process on the machine (the embedded one runs as its own user and group; on a quiet machine the shared
 * server's idle processes add next to nothing).
 */
function cpuSeconds(groupId: number): { site: number; database: number } {
  const ticks = 100; // USER_HZ on Linux
  const used = { site: 0, database: 0 };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After the command: state(0) ppid(1) pgrp(2) ... utime(11) stime(12)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
    if (command.startsWith('postgres')) used.database += seconds;
    else if (Number(fields[2]) === groupId) used.site += seconds;
  }
  return used;
}

type Result = Awaited<ReturnType<typeof autocannon>>;

/** A reading app's sign-in: HTTP Basic on every request, no cookie. */
const BASIC_HEADERS = { authorization: `Basic ${Buffer.from(`${DEMO_MEMBER.email}:${DEMO_MEMBER.password}`).toString('base64')}` };

async function load(url: string, seconds: number, cookie: string): Promise<Result> {
  const headers = BASIC ? { ...requestHeaders(''), ...BASIC_HEADERS } : requestHeaders(cookie);
  if (BASIC) delete headers.cookie;
  return await autocannon({ url, connections: 10, duration: seconds, headers });
}

/** What a frame belongs to: a package under node_modules, a file of ours, or the engine itself. */
function owner(url: string): string {
  if (!url) return '(engine: garbage collection, idle, native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === 'next' && url.includes('/compiled/')) return `next (compiled ${rest[rest.indexOf('compiled') + 1] ?? ''})`;
    return name;
  }
  if (url.startsWith('node:')) return 'node';
  const chunk = url.indexOf('/.next');
  return chunk >= 0 ? `our bundle ${url.slice(chunk).replace(/\/\.next[^/]*/, '')}` : url.replace(process.cwd(), '.');
}

function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  let total = 0;
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, micros] of selfTime) {
    const frame = byId.get(id)!.callFrame;
    total += micros;
    const name = `${frame.functionName || '(anonymous)'} ${owner(frame.url)}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const group = frame.url ? owner(frame.url) : frame.functionName ? `(${frame.functionName})` : '(engine)';
    owners.set(group, (owners.get(group) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)}%`;
  console.log(`\nself time by package or file (${(total / 1e6).toFixed(1)} s sampled):`);
  for (const [name, micros] of [...owners].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${share(micros)}  ${name}`);
  console.log(`\nbusiest ${TOP} functions (self time):`);
  for (const [name, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${share(micros)}  ${name}`);
}

/** bench/pages' story: the first of the demo's cover stories. */
async function firstCoverStory(cookie: string): Promise<string> {
  const res = await fetch(`${BASE}/api/article/v1/article?storeID=1&section=sec_60&page=0`, { headers: { cookie } });
  if (!res.ok) throw new Error(`the cover stories answered ${res.status}`);
  return ((await res.json()) as { Articles: Array<{ url: string }> }).Articles[0].url;
}

async function main(): Promise<void> {
  const dataDir = path.join(DATA_ROOT, DATABASE);
  const profileDir = path.resolve(DATA_ROOT, 'profiles');
  fs.rmSync(profileDir, { recursive: true, force: true });
  fs.mkdirSync(profileDir, { recursive: true });
  const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/bench_pages';
  const site = startSite({
    database: DATABASE,
    dataDir,
    port: PORT,
    pgUrl,
    env: { SITE_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${profileDir}` },
  });
  try {
    await waitForHealth(site, BASE, path.join(dataDir, 'bench-server.log'));
    const { cookie, libraryId } = await signInDemoMember(BASE);
    for (const named of PAGES) {
      const page = named === 'story' ? await firstCoverStory(cookie) : named.replace('{library}', String(libraryId));
      await load(`${BASE}${page}`, WARM_UP_SECONDS, cookie);
      const before = cpuSeconds(site.pid!);
      const result = await load(`${BASE}${page}`, SECONDS, cookie);
      const after = cpuSeconds(site.pid!);
      const perRequest = (seconds: number) => ((1000 * seconds) / Math.max(1, result.requests.total)).toFixed(2);
      console.log(
        `${page}: ${Math.round(result.requests.average)} req/s, p97.5 ${result.latency.p97_5} ms, ${result.non2xx} not 2xx; ` +
          `CPU per request: site ${perRequest(after.site - before.site)} ms, database ${perRequest(after.database - before.database)} ms (under --cpu-prof)`,
      );
    }
  } finally {
    await stopSite(site);
  }
  // The site's process writes its profile as it exits, which can be after npm has gone: wait until it is there
  // and has stopped growing.
  const until = Date.now() + 60_000;
  let profile: string | undefined;
  let size = -1;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    profile = fs.readdirSync(profileDir).find((file) => file.endsWith('.cpuprofile'));
    if (!profile) continue;
    const now = fs.statSync(path.join(profileDir, profile)).size;
    if (now > 0 && now === size) break;
    size = now;
  }
  if (!profile) throw new Error(`no profile was written to ${profileDir}`);
  console.log(`profile: ${path.join(profileDir, profile)}`);
  summarise(JSON.parse(fs.readFileSync(path.join(profileDir, profile), 'utf8')) as Profile);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
