import { layOutSpreads, pageHash, parsePageHash, scaleFor, spreadIndexOf, startPage, wantsTwoUp } from '@/lib/reader';

const portrait = { width: 600, height: 780 };
const landscape = { width: 1200, height: 780 };
const pages = (n: number) => Array.from({ length: n }, () => portrait);

describe('layOutSpreads', () => {
  it('shows one page a view on a narrow or portrait screen', () => {
    expect(layOutSpreads(pages(4), false)).toEqual([[1], [2], [3], [4]]);
  });

  it('shows the cover alone, then facing pairs, on a wide screen', () => {
    expect(layOutSpreads(pages(5), true)).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('leaves an odd last page alone', () => {
    expect(layOutSpreads(pages(6), true)).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(layOutSpreads(pages(1), true)).toEqual([[1]]);
    expect(layOutSpreads([], true)).toEqual([]);
  });

  it('keeps a landscape spread page alone and pairs the pages around it', () => {
    const issue = [portrait, portrait, landscape, portrait, portrait, portrait];
    expect(layOutSpreads(issue, true)).toEqual([[1], [2], [3], [4, 5], [6]]);
    expect(layOutSpreads([portrait, portrait, portrait, landscape], true)).toEqual([[1], [2, 3], [4]]);
  });

  it('finds the spread of a page', () => {
    const spreads = layOutSpreads(pages(7), true);
    expect(spreadIndexOf(spreads, 1)).toBe(0);
    expect(spreadIndexOf(spreads, 5)).toBe(2);
    expect(spreadIndexOf(spreads, 99)).toBe(0);
  });
});

describe('page hash', () => {
  it('reads #page/{n} with or without the #', () => {
    expect(parsePageHash('#page/9', 20)).toBe(9);
    expect(parsePageHash('page/3', 20)).toBe(3);
    expect(parsePageHash('#page/3/', 20)).toBe(3);
  });

  it('keeps the page within the issue', () => {
    expect(parsePageHash('#page/0', 20)).toBe(1);
    expect(parsePageHash('#page/45', 20)).toBe(20);
  });

  it('names no page for anything else', () => {
    for (const hash of ['', '#', '#page/', '#page/x', '#page/-2', '#pages/3', '#page/3.5', null, undefined]) expect(parsePageHash(hash, 20)).toBeNull();
  });

  it('writes #page/{n}', () => {
    expect(pageHash(5)).toBe('#page/5');
  });

  it('opens at the hash’s page, else the last page read, else the cover', () => {
    expect(startPage('#page/9', 4, 20)).toBe(9);
    expect(startPage('', 4, 20)).toBe(4);
    expect(startPage('', 40, 20)).toBe(1);
    expect(startPage('', null, 20)).toBe(1);
  });
});

describe('screen rules', () => {
  it('loads the 2x image when zoomed in on a 1x screen and 3x beyond', () => {
    expect(scaleFor(1, 1)).toBe(1);
    expect(scaleFor(2, 1)).toBe(2);
    expect(scaleFor(1, 2)).toBe(2);
    expect(scaleFor(2.5, 1)).toBe(3);
  });

  it('shows two pages only on a wide landscape screen', () => {
    expect(wantsTwoUp(1280, 800)).toBe(true);
    expect(wantsTwoUp(800, 1280)).toBe(false);
    expect(wantsTwoUp(375, 667)).toBe(false);
  });
});
