import { GOLD_BADGE } from '@/lib/catalogue-tiles';
import { attributes, html, safeHref, type HtmlFragment } from '@/lib/html';
import type { CategoryTile as CategoryTileData, IssueTile, StoryTile } from '@/lib/wire';
import { CATEGORY_TILE_SIZES, type CardSize, ISSUE_CARD_SIZES, STORY_IMAGE_HEIGHT, STORY_IMAGE_WIDTH, STORY_WIDE_IMAGE_HEIGHT, STORY_WIDE_WIDTH } from './card-sizes';
import { imageSourcesFor, srcSetFor } from './images';

/**
 * The inner markup of the cards pages draw by the dozen (covers, category tiles, story cards), as text (lib/html.ts
 * says why). The same elements, classes and attributes the cards had as React elements; their links are plain
 * anchors the frame's listener navigates (hooks/useDelegatedLinks) and their pictures wait, as `data-src`, for the
 * frame's observer (hooks/useLazyPictures).
 */

/** A transparent pixel shown until the picture comes near: the box keeps its size from width and height. */
export const PLACEHOLDER_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export interface PictureMarkup {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  /** '' for a decorative picture. */
  alt: string;
  /** In the first screenful: loaded at once and early, without waiting for scripts. */
  priority?: boolean;
}

/** A card's picture: loaded at once when `priority`, else a placeholder until the frame's observer sees it near. */
export function pictureMarkup({ src, srcSet, width, height, alt, priority = false }: PictureMarkup): HtmlFragment {
  const sources = priority
    ? { src, srcset: srcSet, width, height, loading: 'eager', fetchpriority: 'high' }
    : { src: PLACEHOLDER_PIXEL, 'data-src': src, 'data-srcset': srcSet, width, height, loading: 'lazy' };
  // alt is written even when empty: an empty alt says the picture is decorative.
  return html`<img${attributes({ ...sources, decoding: 'async' })} alt="${alt}">`;
}

/** Inside an issue card's cover link: the cover, and the gold badge over it when the issue is marked. */
export function coverMarkup(tile: IssueTile, size: { width: number; height: number }, priority: boolean): HtmlFragment {
  const badge = tile.showFloatingIcon
    ? html`<span class="badge"><img${attributes({ src: tile.floatingImgSrc || GOLD_BADGE.src, alt: tile.floatingImgAltText || GOLD_BADGE.alt, width: 24, height: 24, decoding: 'async' })}></span>`
    : null;
  return html`${pictureMarkup({ src: tile.imageSrc, srcSet: tile.imageSrcSet, ...size, alt: tile.name, priority })}${badge}`;
}

/** Inside a category tile's link: its picture (decorative: the name says it) and its name. */
export function categoryMarkup(name: string, picture: Omit<PictureMarkup, 'alt'>): HtmlFragment {
  return html`${pictureMarkup({ ...picture, alt: '' })}<span>${name}</span>`;
}

export type HeadingLevel = 2 | 3 | 4;

/**
 * A story card's text: where it is from, its title as the card's one link, the text under the title, the read
 * time (or publication time, for news) and the 'Shop' marker. Exported though only this module calls it: kept private,
 * the build inlined it into both card shapes and the story pages' first load grew 1 kB gzip.
 */
export function storyTextMarkup(story: StoryTile, headingLevel: HeadingLevel, below: string | undefined): HtmlFragment {
  const source = [story.magName, story.issueName].filter((part): part is string => Boolean(part)).join(' · ');
  const heading = `h${headingLevel}`;
  const readTime = story.readTime
    ? html`<span class="read-time"><span class="visually-hidden">${story.isNews ? 'Published ' : 'Reading time '}</span>${story.readTime}</span>`
    : null;
  const shop = story.isShoppable ? html`<span class="shop">Shop</span>` : null;
  return html`${source ? html`<p class="source">${source}</p>` : null}<${heading} class="title"><a class="title-link" href="${safeHref(story.browserLinkUrl)}">${story.title}</a></${heading}>${
    below ? html`<p class="below">${below}</p>` : null
  }${readTime || shop ? html`<div class="meta">${readTime}${shop}</div>` : null}`;
}

/*
 * Whole cards, for rows and lists written as text (Slider's `items`, a list's items): each is one element with the
 * class its holder styles it by, the holder carrying the kind's rules once for all its cards (`issue-card`:
 * IssueCard's issueCardRules, `category-tile`: categoryTileRules, `story-card` and `story-card-wide`: StoryCard.tsx's
 * storyCardRules and storyCardWideRules) instead of a styled component per card.
 */

/**
 * An issue card: cover link, with `favouriteSlot` the favourite toggle's empty slot on a magazine's card
 * (useFavouriteSlots draws the toggle into it once a member is known, as CardFavourite does beside IssueCard's link),
 * and the name.
 */
export function issueCardMarkup(
  tile: IssueTile,
  { size = 'regular', priority = false, favouriteSlot = false }: { size?: CardSize; priority?: boolean; favouriteSlot?: boolean } = {},
): HtmlFragment {
  const slot = !favouriteSlot || tile.mid === undefined ? null : html`<div class="favourite-slot"${attributes({ 'data-favourite-mid': tile.mid, 'data-favourite-name': tile.name })}></div>`;
  return html`<div class="${size === 'compact' ? 'issue-card compact' : 'issue-card'}"><a class="cover" href="${safeHref(tile.browserLinkUrl)}">${coverMarkup(
    tile,
    ISSUE_CARD_SIZES[size],
    priority,
  )}</a>${slot}<p class="name" title="${tile.name}">${tile.name}</p></div>`;
}

/** A category tile: one link holding its picture and name. */
export function categoryTileMarkup(tile: CategoryTileData, { size = 'regular', priority = false }: { size?: CardSize; priority?: boolean } = {}): HtmlFragment {
  const { src, srcSet } = srcSetFor(tile.imgPath);
  return html`<a class="${size === 'compact' ? 'category-tile compact' : 'category-tile'}" href="${safeHref(tile.browserLinkUrl)}">${categoryMarkup(tile.name, {
    src,
    srcSet,
    ...CATEGORY_TILE_SIZES[size],
    priority,
  })}</a>`;
}

/** A story card, for lists: its picture, then its text with the subtitle under the title. */
export function storyCardMarkup(story: StoryTile, headingLevel: HeadingLevel = 3, priority = false): HtmlFragment {
  const picture = pictureMarkup({ ...imageSourcesFor(story.imgPath), width: STORY_IMAGE_WIDTH, height: STORY_IMAGE_HEIGHT, alt: '', priority });
  return html`<article class="story-card">${picture}<div class="body">${storyTextMarkup(story, headingLevel, story.subTitle)}</div></article>`;
}

/** A wide story card, for sliders: its picture, then its text with the short description. */
export function storyCardWideMarkup(story: StoryTile, headingLevel: HeadingLevel = 3): HtmlFragment {
  const picture = pictureMarkup({ ...imageSourcesFor(story.imgPath), width: STORY_WIDE_WIDTH, height: STORY_WIDE_IMAGE_HEIGHT, alt: '', priority: false });
  return html`<article class="story-card-wide">${picture}${storyTextMarkup(story, headingLevel, story.shortDesc)}</article>`;
}
