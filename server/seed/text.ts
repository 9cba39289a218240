import { MONTHS } from './content/prose';
import type { CategorySeed } from './content/types';
import type { Random } from './random';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/** Someone quoted in a story: named in full with their role the first time, by surname after. */
export interface Person {
  name: string;
  surname: string;
  role: string;
  introduced: boolean;
}

/** What a template's slots are filled from. */
export interface Slots {
  rng: Random;
  category: CategorySeed;
  magazine: string;
  topic: string;
  topic2: string;
  place: string;
  people: Person[];
  /** Write {number} in digits (headlines, journals) rather than in words (running text). */
  numerals?: boolean;
  /** Extra named slots, e.g. {issue} or {title}. */
  extra?: Record<string, string>;
}

function mention(person: Person | undefined, following: string): string {
  if (!person) return 'a spokesperson';
  if (person.introduced) return person.surname;
  person.introduced = true;
  // "Name, role, says" needs the closing comma; "told Name, role." does not.
  const needsComma = /^ [\p{L}“"]/u.test(following);
  return `${person.name}, ${person.role}${needsComma ? ',' : ''}`;
}

/** Fills the {slots} of a template; see CategorySeed for their meaning. */
export function fill(template: string, slots: Slots): string {
  const { rng } = slots;
  return template.replace(/\{(\w+)\}/g, (whole, key: string, offset: number, text: string) => {
    const following = text.slice(offset + whole.length, offset + whole.length + 2);
    switch (key) {
      case 'topic':
        return slots.topic;
      case 'topic2':
        return slots.topic2;
      case 'place':
        return slots.place;
      case 'magazine':
        return slots.magazine;
      case 'person':
      case 'surname':
        return mention(slots.people[0], following);
      case 'person2':
        return mention(slots.people[1] ?? slots.people[0], following);
      case 'number': {
        const n = rng.int(3, 12);
        return slots.numerals ? String(n) : NUMBER_WORDS[n];
      }
      case 'bignumber':
        return (rng.int(12, 95) * 100).toLocaleString('en-IN');
      case 'percent':
        return String(rng.int(12, 78));
      case 'year':
        return String(rng.int(2009, 2024));
      case 'month':
        return rng.pick(MONTHS);
      default:
        return slots.extra?.[key] ?? whole;
    }
  });
}

export function capitalise(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A url-safe slug: lowercase ASCII words joined by hyphens. */
export function slugify(text: string, maxLength = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/, '');
}

/** The first `count` sentences of a text. */
export function firstSentences(text: string, count: number): string {
  const sentences = text.match(/[^.!?]+[.!?]+[”"]?(\s|$)/g) ?? [text];
  return sentences.slice(0, count).join('').trim();
}

/** Cuts a text to at most `max` words, ending the last sentence cleanly where it can. */
export function limitWords(text: string, max: number): string {
  const words = text.split(/(\s+)/);
  let count = 0;
  let out = '';
  for (const token of words) {
    if (/\S/.test(token)) {
      if (count === max) break;
      count += 1;
    }
    out += token;
  }
  return out.trim();
}

export function makePerson(rng: Random, firstNames: readonly string[], surnames: readonly string[], role: string): Person {
  const first = rng.pick(firstNames);
  const surname = rng.pick(surnames);
  return { name: `${first} ${surname}`, surname, role, introduced: false };
}
