import { ageParam, ageRatingOrDefault, effectiveAgeRating } from '@/lib/age';
import { excludedCategoryNames, hiddenCategoryIds, isCategoryVisible } from '@/lib/visibility';
import { classifyLibraryVerification, type LibraryEntry } from '@/lib/library-verification';
import { capStoryPages, wireStoryPage } from '@/lib/story-paging';

describe('age rating (SPEC §5)', () => {
  it('uses the call default when the cookie is missing or 0', () => {
    expect(ageRatingOrDefault(undefined, 9)).toBe(9);
    expect(ageRatingOrDefault('0', 5)).toBe(5);
    expect(ageRatingOrDefault('4', 9)).toBe(4);
  });
  it('sends the parameter only below 8', () => {
    expect(ageParam(7)).toBe(7);
    expect(ageParam(8)).toBeUndefined();
    expect(ageParam(9)).toBeUndefined();
  });
  it('lets a client narrow the rating but never widen it past the library’s', () => {
    expect(effectiveAgeRating(undefined, 5, 0)).toBe(5);
    expect(effectiveAgeRating(3, 5, 4)).toBe(3);
    expect(effectiveAgeRating(9, 5, 4)).toBe(4);
    expect(effectiveAgeRating(9, 9, 0)).toBeNull();
  });
});

describe('category visibility (SPEC §5)', () => {
  it('always hides 127 and hides 52 and 154 unless the flags are not 0', () => {
    expect(hiddenCategoryIds(null)).toEqual([127, 52, 154]);
    expect(hiddenCategoryIds({ isNewspaper: 1, isJournal: 0 })).toEqual([127, 154]);
    expect(hiddenCategoryIds({ isNewspaper: 1, isJournal: 1 })).toEqual([127]);
  });
  it('hides categories named in exclude_cat; 0 means none', () => {
    expect(excludedCategoryNames('0')).toEqual([]);
    expect(excludedCategoryNames('Fashion, Beauty')).toEqual(['Fashion', 'Beauty']);
    const flags = { isNewspaper: 1, isJournal: 1, excludeCat: 'Fashion' };
    expect(isCategoryVisible({ id: 7, name: 'fashion' }, flags)).toBe(false);
    expect(isCategoryVisible({ id: 8, name: 'Travel' }, flags)).toBe(true);
  });
});

describe('library verification outcomes (SPEC §4)', () => {
  const lib = (libId: number): LibraryEntry => ({ libId, libname: `L${libId}`, expiry: '2030-01-01T00:00:00Z', exclude_cat: '0', ageRate: 0 });
  it('failure is isError', () => {
    expect(classifyLibraryVerification({ ok: false, libList: [lib(1)] }, 1).kind).toBe('isError');
  });
  it('an empty list is isNoLibrary', () => {
    expect(classifyLibraryVerification({ ok: true, libList: [] }, 1).kind).toBe('isNoLibrary');
  });
  it('a stored library missing from the list is isRedirectHome with the first library', () => {
    expect(classifyLibraryVerification({ ok: true, libList: [lib(2), lib(3)] }, 1)).toEqual({ kind: 'isRedirectHome', library: lib(2) });
  });
  it('none stored but libraries exist is isRedirectHome with the first library', () => {
    expect(classifyLibraryVerification({ ok: true, libList: [lib(2)] }, null)).toEqual({ kind: 'isRedirectHome', library: lib(2) });
  });
  it('the stored library in the list is fine', () => {
    expect(classifyLibraryVerification({ ok: true, libList: [lib(2), lib(3)] }, '3')).toEqual({ kind: 'ok', library: lib(3) });
  });
});

describe('story paging (SPEC §9)', () => {
  it('caps the page count at 300 and the total at 9000', () => {
    expect(capStoryPages(20 * 301, 20)).toEqual({ nbPages: 300, nbHits: 9000 });
    expect(capStoryPages(20 * 300, 20)).toEqual({ nbPages: 300, nbHits: 6000 });
    expect(capStoryPages(45, 20)).toEqual({ nbPages: 3, nbHits: 45 });
  });
  it('sends page numbers zero-based', () => {
    expect(wireStoryPage(1)).toBe(0);
    expect(wireStoryPage(5)).toBe(4);
  });
});
