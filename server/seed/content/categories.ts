import { CATEGORIES_A } from './categories-a';
import { CATEGORIES_B } from './categories-b';
import { CATEGORIES_C } from './categories-c';
import { HIDDEN_CATEGORY, JOURNALS, NEWSPAPERS } from './special';
import type { CategorySeed } from './types';

/** The visible content categories, in display order. */
export const CONTENT_CATEGORIES: CategorySeed[] = [...CATEGORIES_A, ...CATEGORIES_B, ...CATEGORIES_C];

/** Every category that holds titles: the visible ones, then newspapers (52) and journals (154). */
export const TITLE_CATEGORIES: CategorySeed[] = [...CONTENT_CATEGORIES, NEWSPAPERS, JOURNALS];

export { HIDDEN_CATEGORY, JOURNALS, NEWSPAPERS };
