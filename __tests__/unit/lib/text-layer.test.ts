import { findAll, matchBoxes, readingBlocks, sentencesOf, wordBoxes, type TextLayer } from '@/lib/text-layer';

describe('text layer', () => {
  it('reads a three-column band column by column, under a heading across the page, with the folio last', () => {
    const layer: TextLayer = {
      width: 600,
      height: 800,
      lines: [
        { text: '7', x: 290, y: 780, w: 8, h: 10, size: 10 },
        { text: 'Head', x: 40, y: 80, w: 520, h: 24, size: 24 },
        { text: 'a1', x: 40, y: 120, w: 150, h: 10, size: 10 },
        { text: 'b1', x: 220, y: 120, w: 150, h: 10, size: 10 },
        { text: 'c1.', x: 400, y: 120, w: 150, h: 10, size: 10 },
        { text: 'a2.', x: 40, y: 134, w: 150, h: 10, size: 10 },
        { text: 'b2.', x: 220, y: 134, w: 150, h: 10, size: 10 },
      ],
    };
    expect(readingBlocks(layer).map((b) => [b.kind, b.text])).toEqual([
      ['heading', 'Head'],
      ['paragraph', 'a1 a2.'],
      ['paragraph', 'b1 b2.'],
      ['paragraph', 'c1.'],
      ['paragraph', '7'],
    ]);
  });

  it('finds words with case and accents folded, and marks them in proportion to the line', () => {
    expect(findAll('Un Café, un cafe', 'CAFE')).toEqual([
      [3, 7],
      [12, 16],
    ]);
    const line = { text: 'abcd efgh', x: 10, y: 5, w: 90, h: 10, size: 10 };
    expect(matchBoxes({ width: 100, height: 100, lines: [line] }, 'efgh')).toEqual([{ text: 'efgh', x: 60, y: 5, w: 40, h: 10, line: 0 }]);
    expect(wordBoxes(line, 0).map((w) => [w.text, w.x, w.w])).toEqual([
      ['abcd', 10, 40],
      ['efgh', 60, 40],
    ]);
  });

  it('cuts sentences after their stops, Devanagari’s danda too', () => {
    expect(sentencesOf('One. Two? “Three!” Four')).toEqual(['One.', 'Two?', '“Three!”', 'Four']);
    expect(sentencesOf('पहला वाक्य। दूसरा।')).toEqual(['पहला वाक्य।', 'दूसरा।']);
  });
});
