import { attributes, html, safeHref, type HtmlFragment } from '@/lib/html';
import { STORY_IMAGE } from '@/lib/constants';
import type { SearchResult, StoryResult } from '@/lib/search-results';
import { imageSourcesFor } from '@/components/ui/images';
import { highlightMarkup } from './Highlight';

/**
 * The result rows of the search overlay and /search, as text (lib/html.ts says why): the same elements and classes
 * SearchResults' list styles, their links plain anchors the frame navigates. A page of results holds a few dozen.
 */

/** The clock beside a story's read time (icons.tsx's ClockIcon), decoration. */
const CLOCK = html`<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9"></circle><path d="M12 7v5l3 2"></path></svg>`;

function thumbMarkup(src: string, srcSet: string | undefined, width: number, height: number): HtmlFragment {
  // The picture is decorative (the row's text names it): its alt is written empty.
  return html`<img${attributes({ class: 'thumb', src, srcset: srcSet, width, height, loading: 'lazy', decoding: 'async' })} alt="">`;
}

/** A magazine found: one link holding its cover, its name with the matched words marked, and 'Gold' when it is. */
export function magazineRowMarkup(result: SearchResult): HtmlFragment {
  return html`<a class="row-link" href="${safeHref(result.href)}">${thumbMarkup(result.imageSrc, result.imageSrcSet, 60, 78)}<div class="row-text"><span class="row-title">${highlightMarkup(
    result.highlight,
  )}</span>${result.isGold ? html`<span class="muted">Gold</span>` : null}</div></a>`;
}

/** A story found: its picture, where it is from, its title as the row's link, the words around the match and its read time. */
export function storyRowMarkup(story: StoryResult): HtmlFragment {
  const image = imageSourcesFor(story.tile.imgPath);
  const source = [story.tile.magName, story.tile.issueName].filter(Boolean).join(' · ');
  return html`<div class="story-item">${thumbMarkup(image.src, image.srcSet, STORY_IMAGE.width, STORY_IMAGE.height)}<div class="row-text">${
    source ? html`<span class="muted">${source}</span>` : null
  }<h3 class="story-title"><a href="${safeHref(story.tile.browserLinkUrl)}">${highlightMarkup(story.titleHighlight)}</a></h3>${
    story.snippet ? html`<p class="snippet">${highlightMarkup(story.snippet)}</p>` : null
  }<span class="muted">${CLOCK} ${story.tile.readTime}</span></div></div>`;
}
