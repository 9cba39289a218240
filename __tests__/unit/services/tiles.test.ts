import { categoryTile, issueTile } from '@/lib/catalogue-tiles';
import { storyTile } from '@/lib/story-tiles';
import { catalogueBase } from '@/lib/navigation';
import type { MagazineHit, StoryFromServer } from '@/lib/wire';

const hit: MagazineHit = { mid: 1001, magName: 'Wanderlust', slug: 'wanderlust', catId: 21, lang: 'en', isGold: 0, issueId: 100001, issueName: 'November 2026', issueDate: '2026-11-01', img: 'covers/100001', width: 200, height: 260 };

function hasUndefined(value: object): boolean {
  return Object.values(value).some((v) => v === undefined);
}

describe('SPEC §3 tiles', () => {
  it('maps a magazine to an Issue tile with 1x/2x/3x images and the gold badge only for gold titles', () => {
    const plain = issueTile(hit);
    expect(plain).toEqual({
      mid: 1001,
      name: 'Wanderlust',
      editionId: 100001,
      imageSrc: '/media/covers/100001/view/1.jpg',
      imageSrcSet: '/media/covers/100001/view/1.jpg 1x, /media/covers/100001/view/2.jpg 2x, /media/covers/100001/view/3.jpg 3x',
      showFloatingIcon: false,
      browserLinkUrl: '/magazine/1001',
      appLinkUrl: '/magazine/1001/100001',
    });
    const gold = issueTile({ ...hit, isGold: 1 });
    expect(gold).toMatchObject({ showFloatingIcon: true, floatingImgAltText: 'Gold', floatingImgSrc: expect.stringContaining('gold') });
  });

  it('builds links under /q/temp for a library that reads there (the base the server chose from its setting)', () => {
    expect(issueTile(hit, '/q/temp').browserLinkUrl).toBe('/q/temp/magazine/1001');
    expect(categoryTile({ category_id: 21, name: 'Travel', image: 'categories/travel', is_fav: 0, cat_slug: 'travel' }, '/q/temp')).toEqual({
      name: 'Travel',
      imgPath: '/media/categories/travel',
      appLinkUrl: '/q/temp/magazines/21',
      browserLinkUrl: '/q/temp/magazines/21',
    });
  });

  it('reads the catalogue base from the library’s setting, not from its id', () => {
    expect(catalogueBase(true)).toBe('/q/temp');
    expect(catalogueBase(false)).toBe('');
    expect(catalogueBase(undefined)).toBe('');
  });

  it('never leaves a field undefined, so tiles survive getServerSideProps serialisation', () => {
    const story: StoryFromServer = { artid: 1, title: 'T', subtitle: 'S', magname: 'M', issuename: 'I', time_read: 130, canon_url: 'a/b', url: '/stories/a/b', base_img: 'stories/x', thumb: 'stories/x', short_desc: 'D', shoppable: 0, is_news: 0, mid: 1, issid: 2, published: '2026-11-01T00:00:00.000Z' };
    expect(hasUndefined(issueTile(hit))).toBe(false);
    expect(hasUndefined(issueTile({ ...hit, isGold: 1 }))).toBe(false);
    expect(hasUndefined(storyTile(story))).toBe(false);
    expect(storyTile(story).readTime).toBe('2 mins');
  });
});
