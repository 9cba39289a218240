import { CATEGORY, SEARCH_HOME_MAX_CATEGORIES } from '@/lib/constants';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { effectiveAgeRating } from '@/lib/age';
import { listStories } from './article/queries';
import type { StoryFromServer } from './article/present';
import { filterMagazines, visibleCategories, type CategoryRow, type MagazineHit } from './catalogue/queries';
import type { Viewer } from './viewer';

export interface HomeData {
  popular: MagazineHit[];
  categories: CategoryRow[];
  newspapers: MagazineHit[] | null;
  coverStories: StoryFromServer[];
}

/** The home page's sliders: popular magazines, at most 10 categories, newspapers when allowed, cover stories. */
export async function loadHome(viewer: Viewer, ageCookie?: number): Promise<HomeData> {
  const magazineAge = effectiveAgeRating(ageCookie, AGE_RATING_DEFAULT.magazineFilter, viewer.libraryAgeRate);
  const storyAge = effectiveAgeRating(ageCookie, AGE_RATING_DEFAULT.article, viewer.libraryAgeRate);
  const showNewspapers = Boolean(viewer.flags?.isNewspaper);
  const [popular, categories, newspapers, stories] = await Promise.all([
    filterMagazines(viewer, { list: 'BS', includeGold: true, ageRating: magazineAge, page: 1 }),
    visibleCategories(viewer),
    showNewspapers
      ? filterMagazines(viewer, { categoryId: CATEGORY.newspapers, includeGold: true, ageRating: magazineAge, page: 1 })
      : Promise.resolve(null),
    listStories(viewer, { section: 'cover', ageRating: storyAge, page: 0, pageSize: 12 }),
  ]);
  return {
    popular: popular.items,
    categories: categories.filter((c) => c.category_id !== CATEGORY.newspapers && c.category_id !== CATEGORY.journals).slice(0, SEARCH_HOME_MAX_CATEGORIES),
    newspapers: newspapers && newspapers.items.length > 0 ? newspapers.items : null,
    coverStories: stories.items,
  };
}
