/** The tiles of SPEC §3; defined once in lib/ so services, pages and components share them. */
export type { IssueTile, StoryTile, CategoryTile as CategoryTileData } from '@/lib/wire';
