import fs from 'node:fs';
import path from 'node:path';
import { FOOTER_LINKS } from '@/components/layout/Footer';
import { REPORT_PATH, STANDARD, TESTED_BY } from '@/lib/accessibility-statement';
import { isOpenRoute } from '@/lib/gate';
import { ROUTES } from '../../e2e/routes';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the accessibility statement (/accessibility) stays true', () => {
  it.each(TESTED_BY.map((test) => [test.file, test.holds]))('%s exists and holds %s, as the statement says', (file, holds) => {
    expect(fs.existsSync(path.join(root, file))).toBe(true);
    expect(read(file)).toContain(holds);
  });

  it('claims the standard the axe runs check: WCAG 2.2 AA tags in the one axe helper', () => {
    expect(STANDARD).toBe('WCAG 2.2 level AA');
    expect(read('__tests__/e2e/axe.ts')).toMatch(/withTags\(\[[^\]]*'wcag22a'[^\]]*'wcag22aa'/);
  });

  it('is in the route walk that runs axe on every page, open to anyone, and linked from the footer', () => {
    expect(ROUTES.find((row) => row.route === '/accessibility')).toMatchObject({ visitor: { page: true, heading: 'Accessibility statement' } });
    expect(read('__tests__/e2e/routes.spec.ts')).toContain('axeViolations(page)');
    expect(isOpenRoute('/accessibility')).toBe(true);
    expect(FOOTER_LINKS).toContainEqual({ label: 'Accessibility', href: '/accessibility' });
  });

  it('sends barriers to the support form, which is a page of the site', () => {
    expect(REPORT_PATH).toBe('/helpsupport');
    expect(read('pages/helpsupport.tsx')).toContain('SupportScreen');
    expect(read('components/help/SupportScreen.tsx')).toContain('Support request');
  });
});
