/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';

/**
 * _app shows a page bare unless the page names its layout, so that the reader's script carries no header, sidebar or
 * SWR. This keeps every other screen inside the site's shell: a new page without a layout fails here. No layout
 * holds SWR's provider (SWR would be part of every page's first load): a page hands its screen the server's data as
 * props, and a screen that reads through SWR starts from them (a hook's fallbackData), so a page's SWR `fallback`
 * would be dropped.
 */
const PAGES = path.join(process.cwd(), 'pages');
// The offline screen is full screen too: it is the offline reader, and it holds nothing of a member's (issue 32).
const FULL_SCREEN = new Set(['reader/[code]/[issue].tsx', 'q/temp/tpreader.tsx', 'offline.tsx']);
// No 404.tsx: a static 404 is built once, without the CSP nonce of the request, so _error draws the 404 per request.
const STATIC_SHELL = new Set(['_error.tsx']);
const NOT_PAGES = new Set(['_app.tsx', '_document.tsx']);

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' && dir === PAGES ? [] : pageFiles(full);
    return entry.name.endsWith('.tsx') ? [path.relative(PAGES, full)] : [];
  });
}

describe('page layouts', () => {
  const files = pageFiles(PAGES).filter((file) => !NOT_PAGES.has(file));

  it('finds the pages', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toEqual(expect.arrayContaining([...FULL_SCREEN, ...STATIC_SHELL, 'journals.tsx', 'magazine/[mid]/index.tsx']));
    expect(files).not.toContain('404.tsx');
  });

  it.each(files)('%s names its layout', (file) => {
    const source = fs.readFileSync(path.join(PAGES, file), 'utf8');
    const layout = /^\w+\.getLayout = (.+);$/m.exec(source)?.[1];
    if (FULL_SCREEN.has(file)) expect(layout).toBe('(page: ReactElement) => page');
    else if (STATIC_SHELL.has(file)) expect(layout).toBe('(page: ReactElement) => <StoredSiteShell>{page}</StoredSiteShell>');
    else if (file.startsWith('admin/')) {
      // The staff console has its own frame (navigation of the console, not the reading site's header and sidebar).
      expect(layout).toBe('consoleLayout');
      expect(source).toContain("import { consoleLayout, Forbidden } from '@/components/admin/ConsoleShell';");
    } else {
      expect(source).not.toMatch(/^\s+fallback: /m);
      expect(layout).toBe('siteLayout');
      expect(source).toContain("import { siteLayout } from '@/components/shell/siteLayout';");
    }
  });
});
