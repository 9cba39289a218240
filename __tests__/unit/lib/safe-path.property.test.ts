import { safeSameSitePath } from '@/lib/sign-in-paths';

/** A small seeded generator, so a failure names a case that can be replayed. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SITE = 'https://reading.site.test';

/** Ways to point a browser at another host, as the issue lists them and their relatives. */
const HOSTILE_PREFIXES = [
  '//',
  '/\\',
  '\\\\',
  '\\/',
  'https:',
  'http:',
  'HTTPS:',
  'https://',
  'javascript:',
  'data:',
  '/\t/',
  '/\n/',
  ' //',
  '\t//',
  '/ /',
  '///',
  '//\\',
];
const HOSTS = ['evil.example', 'evil', 'user@evil.example', 'evil.example:8443', '127.0.0.1', '[::1]', 'evil.example/login', 'evil.example?x=/'];
const SAFE_SEGMENTS = ['magazine', '1001', 'stories', 'category', 'Cover-Stories', 'sec_60', 'q', 'temp', 'dashboard', 'myFavorites', 'a.b', 'x_y', '%20'];

function encodeOnce(value: string, rng: () => number): string {
  // Percent-encode some characters (always the slashes and backslashes), in either case of hex.
  return [...value]
    .map((c) => {
      const mustEncode = c === '/' || c === '\\' || c === ':' || c === '@';
      if (!mustEncode && rng() < 0.7) return c;
      const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
      return `%${rng() < 0.5 ? hex.toUpperCase() : hex}`;
    })
    .join('');
}

function hostileValue(rng: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)];
  const raw = `${pick(HOSTILE_PREFIXES)}${pick(HOSTS)}${rng() < 0.5 ? `/${pick(SAFE_SEGMENTS)}` : ''}`;
  const layers = Math.floor(rng() * 4);
  let value = raw;
  for (let i = 0; i < layers; i += 1) value = encodeOnce(value, rng);
  // Sometimes only the part after a leading slash is encoded: '/%2Fevil', '/%5Cevil'.
  if (rng() < 0.3 && value.startsWith('/')) value = `/${encodeOnce(value.slice(1), rng)}`;
  return value;
}

/** Decodes until nothing changes (or it cannot be decoded), as a careless consumer might. */
function fullyDecoded(value: string): string {
  let current = value;
  for (let i = 0; i < 6; i += 1) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) return current;
      current = next;
    } catch {
      return current;
    }
  }
  return current;
}

function staysOnSite(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  for (const candidate of [path, fullyDecoded(path)]) {
    if (new URL(candidate, SITE).origin !== SITE) return false;
    // Browsers drop tabs and newlines anywhere in a URL (not spaces), so '/\t/evil' is '//evil'.
    if (/^[/\\]{2}/.test(candidate.replace(/[\t\n\r]/g, ''))) return false;
  }
  return true;
}

describe('callbackUrl and cb never lead off-site (property test)', () => {
  it('refuses, or keeps on this site, 5,000 generated hostile values (//evil, /\\evil, https:evil and their encodings)', () => {
    const rng = mulberry32(20_260_601);
    for (let i = 0; i < 5000; i += 1) {
      const value = hostileValue(rng);
      const result = safeSameSitePath(value);
      if (result !== null && !staysOnSite(result)) throw new Error(`case ${i}: ${JSON.stringify(value)} became ${JSON.stringify(result)}`);
    }
  });

  it('refuses every hostile value whose decoded form starts with a host (none slips through as a path)', () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 2000; i += 1) {
      const value = hostileValue(rng);
      // What a browser would make of it: leading spaces and controls trimmed, tabs and newlines dropped.
      const decoded = fullyDecoded(value).replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
      const pointsAway = /^([/\\][/\\]|[a-z][a-z0-9+.-]*:)/i.test(decoded);
      if (pointsAway) expect([value, safeSameSitePath(value)]).toEqual([value, null]);
    }
  });

  it('keeps every ordinary same-site path, with its query, unchanged', () => {
    const rng = mulberry32(99);
    for (let i = 0; i < 1000; i += 1) {
      const depth = 1 + Math.floor(rng() * 4);
      const segments = Array.from({ length: depth }, () => SAFE_SEGMENTS[Math.floor(rng() * SAFE_SEGMENTS.length)]);
      const path = `/${segments.join('/')}${rng() < 0.5 ? `?page=${Math.floor(rng() * 10)}&lang=en` : ''}`;
      expect(safeSameSitePath(path)).toBe(path);
    }
  });
});
