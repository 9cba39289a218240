import { screen, within } from '@testing-library/react';
import { IssueScreen } from '@/components/catalogue/IssueScreen';
import { MagazineScreen } from '@/components/catalogue/MagazineScreen';
import { RouteSkeleton, skeletonKindForPath } from '@/components/ui/Skeleton';
import type { IssueScreenProps, MagazineScreenProps } from '@/lib/catalogue-screens';
import { editionTile } from '@/lib/catalogue-tiles';
import { imageSet } from '@/lib/media';
import { renderWithTheme } from './render';

jest.mock('next/router', () => ({ useRouter: () => ({ asPath: '/magazine/1001', push: jest.fn() }) }));

const issue = (n: number, special = false) =>
  editionTile({ mid: 1001, issueId: 100_000 + n, issueName: special ? `Festive Special ${n}` : `Issue ${n}`, img: `covers/${100_000 + n}`, isGold: 0 }, '');

function magazineProps(overrides: Partial<MagazineScreenProps> = {}): MagazineScreenProps {
  return {
    magazine: {
      mid: 1001,
      magName: 'The Weekly Dispatch',
      about: 'Reports on the people and decisions that shape public life.',
      publisher: 'Monsoon Media Group',
      isGold: true,
      category: { name: 'News & Politics', href: '/magazines/1' },
      language: { name: 'English', href: '/magazines/1/en' },
    },
    latest: { href: '/magazine/1001/100001', issueName: 'November 2026', published: '1 November 2026', ...imageSet('covers/100001'), width: 200, height: 260 },
    issues: Array.from({ length: 8 }, (_, i) => issue(i + 1)),
    issueCount: 27,
    allIssuesHref: '/all-issues/1001',
    specials: [],
    stories: [
      { imgPath: '/media/stories/1', title: 'How federalism became the issue of the year', subTitle: 'Six weeks on the road', readTime: '2 mins', browserLinkUrl: '/stories/news/federalism', key: '1', isShoppable: false, shortDesc: '', issueName: 'November 2026', isNews: false, magName: 'The Weekly Dispatch' },
    ],
    ...overrides,
  };
}

describe('MagazineScreen (SPEC §2 /magazine/{mid})', () => {
  it('shows the title with its gold mark, category and language links, about text and the latest issue', () => {
    renderWithTheme(<MagazineScreen {...magazineProps()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Weekly Dispatch' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Gold' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'News & Politics' })).toHaveAttribute('href', '/magazines/1');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/magazines/1/en');
    expect(screen.getByText('27 issues')).toBeInTheDocument();
    expect(screen.getByText(/Reports on the people/)).toBeInTheDocument();
    const cover = screen.getByRole('link', { name: 'The Weekly Dispatch, latest issue November 2026' });
    expect(cover).toHaveAttribute('href', '/magazine/1001/100001');
    const img = within(cover).getByRole('presentation');
    expect(img.getAttribute('srcset')).toBe('/media/covers/100001/view/1.jpg 1x, /media/covers/100001/view/2.jpg 2x, /media/covers/100001/view/3.jpg 3x');
    expect(img).toHaveAttribute('width', '240');
    expect(img).toHaveAttribute('height', '312');
    expect(screen.getByRole('link', { name: 'Open latest issue' })).toHaveAttribute('href', '/magazine/1001/100001');
  });

  it('lists all issues in a slider with View All (arrows above 7 items), and related stories as story cards', () => {
    renderWithTheme(<MagazineScreen {...magazineProps()} />);
    const issues = screen.getByRole('region', { name: 'All Issues' });
    expect(within(issues).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: /^View All\s+All Issues/ })).toHaveAttribute('href', '/all-issues/1001');
    expect(screen.getByRole('button', { name: 'Scroll right' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Issue 3' })).toHaveAttribute('href', '/magazine/1001/100003');
    expect(screen.getByRole('heading', { level: 2, name: 'Related Stories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How federalism became the issue of the year' })).toHaveAttribute('href', '/stories/news/federalism');
    expect(screen.queryByRole('region', { name: 'Special Issues' })).not.toBeInTheDocument();
  });

  it('shows special issues when there are some, without arrows at 7 or fewer', () => {
    renderWithTheme(<MagazineScreen {...magazineProps({ issues: [issue(1)], specials: [issue(50, true), issue(51, true)] })} />);
    expect(within(screen.getByRole('region', { name: 'Special Issues' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Scroll right' })).not.toBeInTheDocument();
  });

  it('places the favourite toggle the page gives it beside the title’s actions', () => {
    renderWithTheme(<MagazineScreen {...magazineProps()} favourite={<button type="button">Add to favourites</button>} />);
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
  });

  it('says when a title has no issues yet', () => {
    renderWithTheme(<MagazineScreen {...magazineProps({ latest: null, issues: [], issueCount: 0, stories: [] })} />);
    expect(screen.getByText('No issues of The Weekly Dispatch yet.')).toBeInTheDocument();
  });
});

describe('IssueScreen (SPEC §2 /magazine/{mid}/{issueId})', () => {
  const props: IssueScreenProps = {
    issue: { issueId: 100001, issueName: 'November 2026', published: '1 November 2026', pageCount: 20, isSpecial: false, ...imageSet('covers/100001'), width: 200, height: 260 },
    magazine: { mid: 1001, magName: 'The Weekly Dispatch', href: '/magazine/1001', isGold: false, category: { name: 'News & Politics', href: '/magazines/1' } },
    more: [issue(2), issue(3)],
    allIssuesHref: '/all-issues/1001',
    reader: { signedIn: true, userId: 7, libraryId: 1001, membershipEnds: Math.floor(Date.now() / 1000) + 3600, lastPage: null },
  };

  it('shows the cover at 1x/2x/3x in a box of known size, the issue’s facts and the Read action', () => {
    renderWithTheme(<IssueScreen {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Weekly Dispatch November 2026' })).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Cover of The Weekly Dispatch, November 2026' });
    expect(cover).toHaveAttribute('src', '/media/covers/100001/view/1.jpg');
    expect(cover.getAttribute('srcset')).toContain('/media/covers/100001/view/3.jpg 3x');
    expect(cover).toHaveAttribute('width', '300');
    expect(cover).toHaveAttribute('height', '390');
    expect(screen.getByText('1 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read' })).toBeEnabled();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'The Weekly Dispatch' })).toHaveAttribute('href', '/magazine/1001');
    expect(screen.getByRole('region', { name: 'More issues of The Weekly Dispatch' })).toBeInTheDocument();
  });
});

describe('route skeletons of the catalogue screens', () => {
  it.each([
    ['/magazines/BS/en', 'magazines'],
    ['/magazines/154', 'magazines'],
    ['/all-issues/1001', 'magazines'],
    ['/q/temp/all-issues/1001', 'magazines'],
    ['/q/temp/magazines/language/hi', 'magazines'],
    ['/magazine/1001', 'magazine'],
    ['/q/temp/magazine/1001/100001', 'magazine'],
    ['/journals', 'journals'],
  ] as const)('shows the %s skeleton kind %s while the screen loads', (path, kind) => {
    expect(skeletonKindForPath(path)).toBe(kind);
    renderWithTheme(<RouteSkeleton kind={skeletonKindForPath(path)} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toHaveAttribute('data-kind', kind);
  });
});
