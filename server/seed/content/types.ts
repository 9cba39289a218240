import type { Palette } from '../../media/render';

/** How a category's stories are written: magazine features, newspaper reports or journal papers. */
export type Register = 'magazine' | 'news' | 'journal';

/** A title: its name, or its name and language code when it is not in English. */
export type TitleSeed = string | readonly [name: string, languageCode: string];

/**
 * The phrase bank of one content category. Slots in templates:
 * {topic} {topic2}  noun phrases from `topics`; a template never makes one the subject of a verb, so singular and
 *                   plural topics both read correctly
 * {place}           a place from `places` (or the shared list)
 * {person} {person2} a person: "Name, role" on first mention, the surname after
 * {number} {bignumber} {percent} {year} {month} {magazine}
 */
export interface CategorySeed {
  id: number;
  name: string;
  slug: string;
  palette: Palette;
  register?: Register;
  /** Invented titles, about seven per category. */
  titles: readonly TitleSeed[];
  /** Sentences about what a title of this category covers; {magazine} is the title's name. */
  about: readonly string[];
  topics: readonly string[];
  /** What a person quoted in a story does, written to follow their name: "a fund manager in Mumbai". */
  roles: readonly string[];
  places?: readonly string[];
  /** Story headline templates. */
  headlines: readonly string[];
  subtitles: readonly string[];
  /** Sentences that only a story of this category would contain. */
  facts: readonly string[];
  quotes: readonly string[];
  /** Lowercase search keywords. */
  keywords: readonly string[];
  /** Advertisements printed in titles of this category: [headline, copy]. */
  adverts: readonly (readonly [string, string])[];
}
