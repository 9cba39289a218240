import { normaliseQuery, normaliseText, splitUnspaced } from '@/lib/text-normalise';

const reversed = (text: string) => [...text].reverse().join('');

describe('normaliseText', () => {
  it('turns Arabic presentation forms into the letters people type (NFKC)', () => {
    expect(normaliseText('اﻟﻌﺮﺑﻴﺔ')).toBe('العربية');
    expect(normaliseText('ﻻ')).toBe('لا');
    // Ligatures, full-width letters and half-width katakana too.
    expect(normaliseText('ﬁnd ＡＢＣ ｶﾀｶﾅ')).toBe('find ABC カタカナ');
  });

  it('puts a line of presentation forms stored last letter first back in reading order', () => {
    expect(normaliseText(reversed('اﻟﻌﺮﺑﻴﺔ'))).toBe('العربية');
    expect(normaliseText(reversed('ﺍﻟﻠﻐﺔ ﺍﻟﻌﺮﺑﻴﺔ ﺟﻤﻴﻠﺔ'))).toBe('اللغة العربية جميلة');
  });

  it('reads the joining of every presentation form of Arabic Presentation Forms-B right', () => {
    // The block's forms grouped by the letter they stand for: isolated, final, and for dual-joining letters initial, medial.
    const forms = new Map<string, string[]>();
    for (let code = 0xfe80; code <= 0xfef4; code += 1) {
      const form = String.fromCodePoint(code);
      forms.set(form.normalize('NFKC'), [...(forms.get(form.normalize('NFKC')) ?? []), form]);
    }
    const [alefFinal, behInitial] = [forms.get('ا')![1], forms.get('ب')![2]];
    for (const [letter, shapes] of forms) {
      if (shapes.length < 2) continue;
      // Letter then alef (dual-joining letters), or beh then the letter (letters that join only the one before).
      const word = shapes.length === 4 ? [shapes[2], alefFinal] : [behInitial, shapes[1]];
      const typed = shapes.length === 4 ? `${letter}ا` : `ب${letter}`;
      expect(normaliseText(word.join(''))).toBe(typed);
      expect(normaliseText([...word].reverse().join(''))).toBe(typed);
    }
  });

  it('puts a line of plain Arabic or Hebrew letters stored in visual order back in reading order', () => {
    expect(normaliseText(reversed('اللغة العربية جميلة'))).toBe('اللغة العربية جميلة');
    expect(normaliseText(reversed('שלום עולם'))).toBe('שלום עולם');
  });

  it('keeps numbers and left-to-right words in their own order inside a reversed line', () => {
    // What a reader of a visual-order line sees: the whole line reversed, the number and the Latin word not.
    expect(normaliseText('رالود 250 رعسلا PDF يف')).toBe('في PDF السعر 250 دولار');
    // A mostly English line with one Arabic word stored backwards: only that word turns round.
    expect(normaliseText(`The word ${reversed('العربية')} means Arabic`)).toBe('The word العربية means Arabic');
  });

  it('leaves right-to-left text already in reading order alone, and lines with no evidence either way', () => {
    for (const text of ['اللغة العربية جميلة', 'שלום עולם', 'العربية', 'في PDF السعر 250 دولار', 'لا', 'من']) {
      expect(normaliseText(text)).toBe(text);
    }
  });

  it('removes NUL and other control characters, keeping line breaks; tabs become spaces', () => {
    expect(normaliseText('Har\u0000bour\u0007 news\tof the\r\nweek\u200f\ufeff')).toBe('Harbour news of the\nweek');
    expect(normaliseText('a\u2028b\u000cc')).toBe('a\nb\nc');
    // A lone surrogate (a broken character) becomes the replacement character, not invalid UTF-8.
    expect(normaliseText('x\ud800y')).toBe('x\ufffdy');
  });

  it('keeps Indic text as it is (vowel signs, virama, joiners)', () => {
    for (const text of ['हिन्दी समाचार', 'বাংলা সংবাদ', 'தமிழ் செய்தி', 'తెలుగు వార్తలు', 'ગુજરાતી સમાચાર', 'മലയാളം വാർത്ത']) {
      expect(normaliseText(text)).toBe(text.normalize('NFKC'));
    }
  });

  it('keeps Chinese, Japanese and Korean text as it is', () => {
    expect(normaliseText('这是一个次元的黑体字测试')).toBe('这是一个次元的黑体字测试');
    expect(normaliseText('マーケットモデルの取引')).toBe('マーケットモデルの取引');
  });
});

describe('normaliseQuery', () => {
  it('normalises what was typed like stored text, on one line', () => {
    expect(normaliseQuery('  اﻟﻌﺮﺑﻴﺔ \n ＡＢＣ\u0000 ')).toBe('العربية ABC');
  });

  it('never reorders what was typed: typing is in reading order', () => {
    expect(normaliseQuery('مثلا')).toBe('مثلا');
    expect(normaliseQuery('ﺔﻴﺑﺮﻌﻟا')).toBe('ةيبرعلا');
  });
});

describe('splitUnspaced', () => {
  it('separates the stretches written without spaces from the rest of a word', () => {
    expect(splitUnspaced('iphone手机')).toEqual({ unspaced: ['手机'], rest: 'iphone' });
    expect(splitUnspaced('マーケットモデル')).toEqual({ unspaced: ['マーケットモデル'], rest: '' });
    expect(splitUnspaced('한국어를')).toEqual({ unspaced: ['한국어를'], rest: '' });
    expect(splitUnspaced('harbour')).toEqual({ unspaced: [], rest: 'harbour' });
  });
});
