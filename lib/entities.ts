/** The client-side entities of SPEC §3, spelled as the spec spells them. */
import type { Offers } from './navigation';

export interface IssueTile {
  /** The magazine's id on a title's tile (a magazine card, which can carry the favourite toggle); none on an issue's tile. */
  mid?: number;
  name: string;
  editionId: string | number;
  imageSrc: string;
  imageSrcSet: string;
  floatingImgSrc?: string;
  floatingImgAltText?: string;
  showFloatingIcon?: boolean;
  browserLinkUrl: string;
  appLinkUrl?: string;
}

export interface StoryTile {
  imgPath: string;
  title: string;
  subTitle: string;
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

export interface CategoryTile {
  name: string;
  imgPath: string;
  appLinkUrl?: string;
  browserLinkUrl: string;
}

/** SPEC §3 User details (stored as userDetails). */
export interface UserDetails {
  firstName: string;
  lastName: string;
  libid: number;
  expiry: string;
  uploadedID: string;
  libName: string;
  uid: number;
  uuid: string;
  email: string;
  mobile: string;
  userType: string;
}

/** SPEC §3 Library details (stored as libraryDetails). */
export interface LibraryDetails {
  libId: number;
  libName: string;
  logo1: string;
  logo2: string;
  logo3: string;
  logo_banner1: string;
  logo_banner2: string;
  logo_banner3: string;
  hideProfile: boolean;
  /** The library's members read the catalogue under /q/temp (SPEC §6's alternate routes, a setting of the library). */
  tempRoutes: boolean;
  /** A guest of this library goes back to the stored callback address after signing in (SPEC §4, a setting). */
  callbackAfterGuest: boolean;
  supportEmail: string;
}

/** Media paths stored in the database are relative to /media. */
export function mediaUrl(path: string): string {
  if (!path) return '';
  if (/^(https?:)?\//.test(path)) return path;
  return `/media/${path}`;
}

/** SPEC §9: images at 1x, 2x, 3x using view/1.jpg to view/3.jpg. */
export function imageSet(path: string): { src: string; srcSet: string } {
  const base = mediaUrl(path).replace(/\/+$/, '');
  return {
    src: `${base}/view/1.jpg`,
    srcSet: `${base}/view/1.jpg 1x, ${base}/view/2.jpg 2x, ${base}/view/3.jpg 3x`,
  };
}

/** What every page tells the shell, from the server: who is reading and through which library. */
export interface ShellProps {
  signedIn: boolean;
  userName: string;
  library: LibraryDetails | null;
  /** Members who sign in without a password get the shorter menu. */
  hasPassword: boolean;
  /** Which of newspapers and journals the header, sidebar and home link to (SPEC §6); a visitor is offered both. */
  offers: Offers;
}
