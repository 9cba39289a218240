import { CATEGORY } from './constants';

export interface VisibilityFlags {
  isNewspaper: number;
  isJournal: number;
  /** The library's exclude_cat: comma list of category names, '0' for none. */
  excludeCat: string;
}

/** Category names a library hides (SPEC §3 exclude_cat: comma list; 0 means none). */
export function excludedCategoryNames(excludeCat: string | null | undefined): string[] {
  if (!excludeCat || excludeCat.trim() === '0') return [];
  return excludeCat
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0 && name !== '0');
}

/** Category ids hidden by the fixed rules of SPEC §5 (127 always; 52 and 154 by flag). */
export function hiddenCategoryIds(flags: Pick<VisibilityFlags, 'isNewspaper' | 'isJournal'> | null): number[] {
  const hidden: number[] = [CATEGORY.alwaysHidden];
  if (!flags || !flags.isNewspaper) hidden.push(CATEGORY.newspapers);
  if (!flags || !flags.isJournal) hidden.push(CATEGORY.journals);
  return hidden;
}

export function isCategoryVisible(category: { id: number; name: string }, flags: VisibilityFlags | null): boolean {
  if (hiddenCategoryIds(flags).includes(category.id)) return false;
  const excluded = excludedCategoryNames(flags?.excludeCat).map((n) => n.toLowerCase());
  return !excluded.includes(category.name.toLowerCase());
}
