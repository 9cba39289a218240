import { css } from 'styled-components';
import { theme } from '@/styles/theme';
import { STORY_IMAGE_HEIGHT, STORY_IMAGE_WIDTH, STORY_WIDE_IMAGE_HEIGHT, STORY_WIDE_WIDTH } from './card-sizes';

/*
 * The story cards' looks. The cards themselves are written as text (card-markup's storyCardMarkup and
 * storyCardWideMarkup) into the lists that hold them, which carry these rules once under `.story-card` and
 * `.story-card-wide`: story lists and home draw cards by the dozen. The frame navigates their plain links and loads
 * their pictures when they come near.
 */

/**
 * The clock before a read time, drawn by CSS (a mask over the text colour) rather than an inline SVG: three
 * elements and a dozen attributes fewer per card. It is decorative; the time is said in words beside it.
 */
const CLOCK_MASK = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23000' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Ccircle cx='12' cy='12' r='9'/%3E%3Cpath d='M12 7v5l3 2'/%3E%3C/svg%3E")`;

/** The rules the story text's elements (card-markup's storyTextMarkup) share in both card shapes. */
const storyText = css`
  .source {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
    font-weight: ${theme.fontWeights.medium};
    text-transform: uppercase;
    letter-spacing: 0.03em;
    overflow-wrap: anywhere;
  }

  .title {
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.bold};
    line-height: ${theme.lineHeights.tight};
    overflow-wrap: anywhere;
  }

  .title-link {
    color: ${theme.colors.text};
    text-decoration: none;
  }

  .title-link::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  .title-link:hover {
    text-decoration: underline;
  }

  /* The ring goes round the whole card, which is what the link covers. */
  .title-link:focus-visible {
    outline: none;
    box-shadow: none;
  }

  .title-link:focus-visible::after {
    border-radius: ${theme.radii.md};
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }

  .below {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.spacing.sm};
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
  }

  .read-time {
    display: inline-flex;
    align-items: center;
    gap: ${theme.spacing.xs};
  }

  .read-time::before {
    content: '';
    flex: none;
    width: 14px;
    height: 14px;
    background: currentColor;
    mask: ${CLOCK_MASK} center / contain no-repeat;
  }

  @media (forced-colors: active) {
    .read-time::before {
      background: CanvasText;
      forced-color-adjust: none;
    }
  }

  .shop {
    padding: ${theme.spacing.xxs} ${theme.spacing.sm};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
    font-weight: ${theme.fontWeights.bold};
  }
`;

/**
 * A story card's rules, for its element: StoryCard's own, and `.story-card` in a list written as text (card-markup's
 * storyCardMarkup), whose holder carries them once for all its cards.
 */
export const storyCardRules = css`
  position: relative;
  display: flex;
  align-items: flex-start;
  gap: ${theme.spacing.md};
  padding: ${theme.spacing.sm};
  border-radius: ${theme.radii.md};

  &:hover {
    background: ${theme.colors.surfaceAlt};
  }

  &:focus-within {
    background: ${theme.colors.surfaceAlt};
  }

  > img:first-child {
    flex: none;
    width: ${STORY_IMAGE_WIDTH}px;
    height: ${STORY_IMAGE_HEIGHT}px;
    aspect-ratio: ${STORY_IMAGE_WIDTH} / ${STORY_IMAGE_HEIGHT};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceAlt};
    object-fit: cover;
  }

  > .body {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.xs};
    min-width: 0;
  }

  ${storyText}
`;

/** The wide card's rules: StoryCardWide's own, and `.story-card-wide` in a row written as text. */
export const storyCardWideRules = css`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  width: ${STORY_WIDE_WIDTH}px;
  max-width: 100%;

  > img:first-child {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${STORY_WIDE_WIDTH} / ${STORY_WIDE_IMAGE_HEIGHT};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surfaceAlt};
    object-fit: cover;
  }

  ${storyText}
`;

