import { screen, within } from '@testing-library/react';
import { GOLD_BADGE_SIZES, GoldBadge } from '@/components/ui/GoldBadge';
import { srcSetFor } from '@/components/ui/images';
import { IssueCard } from '@/components/ui/IssueCard';
import type { IssueTile } from '@/lib/wire';
import { renderInFrame, renderWithTheme } from './render';

const base = '/media/covers/100001';

function tile(overrides: Partial<IssueTile> = {}): IssueTile {
  const { src, srcSet } = srcSetFor(base);
  return {
    name: 'Vogue India',
    editionId: 100001,
    imageSrc: src,
    imageSrcSet: srcSet,
    browserLinkUrl: '/magazine/42/100001',
    ...overrides,
  };
}

describe('srcSetFor', () => {
  it('builds view/1.jpg as src and a 1x/2x/3x srcSet from view/1.jpg to view/3.jpg', () => {
    expect(srcSetFor(base)).toEqual({
      src: '/media/covers/100001/view/1.jpg',
      srcSet:
        '/media/covers/100001/view/1.jpg 1x, /media/covers/100001/view/2.jpg 2x, /media/covers/100001/view/3.jpg 3x',
    });
  });

  it('does not double a trailing slash', () => {
    expect(srcSetFor(`${base}/`).src).toBe('/media/covers/100001/view/1.jpg');
  });
});

describe('IssueCard', () => {
  it('links the cover to the issue and shows the name under it', () => {
    renderInFrame(<IssueCard tile={tile()} />);
    const link = screen.getByRole('link', { name: 'Vogue India' });
    expect(link).toHaveAttribute('href', '/magazine/42/100001');
    expect(within(link).getByRole('img', { name: 'Vogue India' })).toBeInTheDocument();
    expect(screen.getByText('Vogue India', { selector: 'p' })).toBeInTheDocument();
  });

  it('renders the cover with src, a 1x/2x/3x srcSet and a reserved 150x195 box, lazily', () => {
    renderInFrame(<IssueCard tile={tile()} />);
    const img = screen.getByRole('img', { name: 'Vogue India' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', `${base}/view/1.jpg`);
    const srcSet = img.getAttribute('srcset') ?? '';
    expect(srcSet).toContain(`${base}/view/1.jpg 1x`);
    expect(srcSet).toContain(`${base}/view/2.jpg 2x`);
    expect(srcSet).toContain(`${base}/view/3.jpg 3x`);
    expect(img).toHaveAttribute('width', '150');
    expect(img).toHaveAttribute('height', '195');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('takes the compact size and loads eagerly when priority', () => {
    renderInFrame(<IssueCard tile={tile()} size="compact" priority />);
    const img = screen.getByRole('img', { name: 'Vogue India' });
    expect(img).toHaveAttribute('width', '110');
    expect(img).toHaveAttribute('height', '143');
    // The card's width and the cover's shape come from the size's class rules.
    expect(img.closest('.compact')).not.toBeNull();
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('overlays the gold badge when showFloatingIcon is set', () => {
    renderInFrame(<IssueCard tile={tile({ showFloatingIcon: true })} />);
    const link = screen.getByRole('link', { name: 'Vogue India Gold' });
    expect(within(link).getByRole('img', { name: 'Gold' })).toBeInTheDocument();
  });

  it('uses the catalogue badge image and its alt text when given', () => {
    renderWithTheme(
      <IssueCard
        tile={tile({ showFloatingIcon: true, floatingImgSrc: '/icons/gold.svg', floatingImgAltText: 'Gold' })}
      />,
    );
    expect(screen.getByRole('img', { name: 'Gold' })).toHaveAttribute('src', '/icons/gold.svg');
  });

  it('has no gold badge when showFloatingIcon is not set', () => {
    renderInFrame(<IssueCard tile={tile({ floatingImgSrc: '/icons/gold.svg', showFloatingIcon: false })} />);
    expect(screen.queryByRole('img', { name: 'Gold' })).not.toBeInTheDocument();
  });
});

describe('GoldBadge', () => {
  it.each(['small', 'medium', 'large'] as const)('draws the %s size with the accessible text Gold', (size) => {
    renderWithTheme(<GoldBadge size={size} />);
    const badge = screen.getByRole('img', { name: 'Gold' });
    expect(badge).toHaveAttribute('width', String(GOLD_BADGE_SIZES[size]));
  });

  it('has three distinct sizes, smallest first', () => {
    expect(GOLD_BADGE_SIZES.small).toBeLessThan(GOLD_BADGE_SIZES.medium);
    expect(GOLD_BADGE_SIZES.medium).toBeLessThan(GOLD_BADGE_SIZES.large);
  });
});
