import { GOLD_BADGE } from '@/lib/catalogue-tiles';
import { attributes, html, safeHref, type HtmlFragment } from '@/lib/html';
import type { IssueTile, StoryTile } from './types';

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
 * time (or publication time, for news) and the 'Shop' marker.
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
