import { screen } from '@testing-library/react';
import { RouteSkeleton, type SkeletonKind, skeletonKindForPath } from '@/components/ui/Skeleton';
import { renderWithTheme } from './render';

describe('skeletonKindForPath', () => {
  it.each<[string, SkeletonKind]>([
    ['/magazine/42', 'magazine'],
    ['/magazine/42/100001', 'magazine'],
    ['/q/temp/magazine/42', 'magazine'],
    ['/q/temp/magazine/42/100001', 'magazine'],
    ['/magazines/BS/en', 'magazines'],
    ['/magazines/154', 'magazines'],
    ['/q/temp/magazines/21', 'magazines'],
    ['/q/temp/magazines/language/en', 'magazines'],
    ['/all-issues', 'magazines'],
    ['/q/temp/all-issues/42', 'magazines'],
    ['/journals', 'journals'],
    ['/stories/category/Cover-Stories/sec_60', 'articles'],
    ['/stories/some-story?lang=hi', 'articles'],
    ['/login/email', 'login-email'],
    ['/login/linkmobile', 'login-mobile'],
    ['/login/verify/mobileotp', 'login-mobile'],
    ['/login', 'login'],
    ['/login/verify/emailotp', 'login'],
    ['/login/sso/success', 'login'],
    ['/', 'default'],
    ['/search', 'default'],
    ['/dashboard/myAccount', 'default'],
    ['/magazinesque', 'default'],
    ['/loginx', 'default'],
  ])('maps %s to %s', (path, kind) => {
    expect(skeletonKindForPath(path)).toBe(kind);
  });
});

describe('RouteSkeleton', () => {
  it.each<SkeletonKind>(['magazine', 'magazines', 'journals', 'articles', 'login', 'login-email', 'login-mobile', 'default'])(
    'announces the %s skeleton as busy and labelled Loading',
    (kind) => {
      renderWithTheme(<RouteSkeleton kind={kind} />);
      const status = screen.getByRole('status', { name: 'Loading' });
      expect(status).toHaveAttribute('aria-busy', 'true');
      expect(status).toHaveAttribute('data-kind', kind);
    },
  );

  it('turns the shimmer off when the reader prefers reduced motion', () => {
    renderWithTheme(<RouteSkeleton kind="default" />);
    const css = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent ?? '')
      .join('\n');
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{[^}]*animation:\s*none/);
  });
});
