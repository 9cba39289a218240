/** SPEC §3 'Issue tile'. */
export interface IssueTile {
  name: string;
  editionId: string | number;
  imageSrc: string;
  /** '... 1x, ... 2x, ... 3x', see `srcSetFor`. */
  imageSrcSet: string;
  floatingImgSrc?: string;
  floatingImgAltText?: string;
  showFloatingIcon?: boolean;
  browserLinkUrl: string;
  appLinkUrl?: string;
}

/** SPEC §3 'Category tile'. `imgPath` is a media base such as '/media/categories/12'. */
export interface CategoryTileData {
  name: string;
  imgPath: string;
  appLinkUrl?: string;
  browserLinkUrl: string;
}

/** SPEC §3 'Story tile (mapped)', plus the magazine name where the list shows it. */
export interface StoryTile {
  /** A direct image URL, or a media base that has view/1.jpg..view/3.jpg under it. */
  imgPath: string;
  title: string;
  subTitle: string;
  /** Already formatted: '4 mins', '10+ mins', '2 hours ago'. */
  readTime: string;
  browserLinkUrl: string;
  appLinkUrl?: string;
  key: string;
  isShoppable: boolean;
  shortDesc: string;
  issueName: string;
  isNews: boolean;
  magName?: string;
}
