import { CATEGORY, SEARCH_HOME_MAX_CATEGORIES } from '@/lib/constants';
import { storyList } from './article/lists';
import type { StoryFromServer } from './article/present';
import { cachedCategories, cachedListing } from './catalogue/browse';
import type { CategoryRow, MagazineHit } from './catalogue/queries';
import type { Ratings } from './context';
import type { Viewer } from './context/viewer';

export interface HomeData {
  popular: MagazineHit[];
  categories: CategoryRow[];
  newspapers: MagazineHit[] | null;
  coverStories: StoryFromServer[];
}

const COVER_STORIES = 12;

/**
 * The home page's sliders: popular magazines, at most 10 categories, newspapers when allowed, cover stories. Each
 * is the first page of a list the catalogue and story screens keep in memory, so home reads them from there.
 */
export async function loadHome(viewer: Viewer, ratings: Pick<Ratings, 'magazine' | 'story'>): Promise<HomeData> {
  const { magazine: magazineAge, story: storyAge } = ratings;
  const showNewspapers = Boolean(viewer.flags?.isNewspaper);
  const [popular, categories, newspapers, stories] = await Promise.all([
    cachedListing(viewer, { list: 'BS', includeGold: true, ageRating: magazineAge, page: 1 }),
    cachedCategories(viewer),
    showNewspapers ? cachedListing(viewer, { categoryId: CATEGORY.newspapers, includeGold: true, ageRating: magazineAge, page: 1 }) : Promise.resolve(null),
    storyList({ kind: 'cover' }, { viewer, ageRating: storyAge }, 0),
  ]);
  return {
    popular: popular.items,
    categories: categories.filter((c) => c.category_id !== CATEGORY.newspapers && c.category_id !== CATEGORY.journals).slice(0, SEARCH_HOME_MAX_CATEGORIES),
    newspapers: newspapers && newspapers.items.length > 0 ? newspapers.items : null,
    coverStories: stories.Articles.slice(0, COVER_STORIES),
  };
}
