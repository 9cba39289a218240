import Link from 'next/link';
import styled from 'styled-components';
import { theme } from '@/styles/theme';
import { ClockIcon } from './icons';
import { imageSourcesFor } from './images';
import { LazyImage } from './LazyImage';
import type { StoryTile } from './types';

export type { StoryTile } from './types';

/** SPEC §9 'Story list image 100x125'. */
export const STORY_IMAGE_WIDTH = 100;
export const STORY_IMAGE_HEIGHT = 125;

export interface StoryCardProps {
  story: StoryTile;
  /** The title's heading level; h3 suits a list under a page's h2. */
  headingLevel?: 2 | 3 | 4;
  priority?: boolean;
  /** A plain anchor, for screens that navigate their links with one listener (hooks/useDelegatedLinks). */
  plainLink?: boolean;
}

const headingTag = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/**
 * A story in a list: picture, where it is from, its title as the link, subtitle, read time and a 'Shop' marker.
 * The whole card is clickable through the title link's stretched area, so there is one link per story.
 */
export function StoryCard({ story, headingLevel = 3, priority = false, plainLink = false }: StoryCardProps) {
  const image = imageSourcesFor(story.imgPath);
  return (
    <Row>
      <Thumb src={image.src} srcSet={image.srcSet} width={STORY_IMAGE_WIDTH} height={STORY_IMAGE_HEIGHT} alt="" priority={priority} />
      <Body>
        <StorySource story={story} />
        <Title as={headingTag[headingLevel]}>
          <TitleLink as={plainLink ? 'a' : undefined} href={story.browserLinkUrl}>{story.title}</TitleLink>
        </Title>
        {story.subTitle ? <Subtitle>{story.subTitle}</Subtitle> : null}
        <StoryMeta story={story} />
      </Body>
    </Row>
  );
}

export const STORY_WIDE_WIDTH = 200;
export const STORY_WIDE_IMAGE_HEIGHT = 250;

/** The same story as a vertical card for sliders, with its short description. */
export function StoryCardWide({ story, headingLevel = 3, priority = false, plainLink = false }: StoryCardProps) {
  const image = imageSourcesFor(story.imgPath);
  return (
    <Column>
      <WideImage src={image.src} srcSet={image.srcSet} width={STORY_WIDE_WIDTH} height={STORY_WIDE_IMAGE_HEIGHT} alt="" priority={priority} />
      <StorySource story={story} />
      <Title as={headingTag[headingLevel]}>
        <TitleLink as={plainLink ? 'a' : undefined} href={story.browserLinkUrl}>{story.title}</TitleLink>
      </Title>
      {story.shortDesc ? <Description>{story.shortDesc}</Description> : null}
      <StoryMeta story={story} />
    </Column>
  );
}

function StorySource({ story }: { story: StoryTile }) {
  const parts = [story.magName, story.issueName].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return <Source>{parts.join(' · ')}</Source>;
}

function StoryMeta({ story }: { story: StoryTile }) {
  if (!story.readTime && !story.isShoppable) return null;
  return (
    <Meta>
      {story.readTime ? (
        <ReadTime>
          <ClockIcon size={14} />
          <span className="visually-hidden">{story.isNews ? 'Published ' : 'Reading time '}</span>
          {story.readTime}
        </ReadTime>
      ) : null}
      {story.isShoppable ? <ShopMarker>Shop</ShopMarker> : null}
    </Meta>
  );
}

const Row = styled.article`
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
`;

const Thumb = styled(LazyImage)`
  flex: none;
  width: ${STORY_IMAGE_WIDTH}px;
  height: ${STORY_IMAGE_HEIGHT}px;
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceAlt};
  object-fit: cover;
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  min-width: 0;
`;

const Column = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  width: ${STORY_WIDE_WIDTH}px;
  max-width: 100%;
`;

const WideImage = styled(LazyImage)`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  object-fit: cover;
`;

const Source = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.medium};
  text-transform: uppercase;
  letter-spacing: 0.03em;
  overflow-wrap: anywhere;
`;

const Title = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
  line-height: ${theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const TitleLink = styled(Link)`
  color: ${theme.colors.text};
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  &:hover {
    text-decoration: underline;
  }

  /* The ring goes round the whole card, which is what the link covers. */
  &:focus-visible {
    outline: none;
    box-shadow: none;
  }

  &:focus-visible::after {
    border-radius: ${theme.radii.md};
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Subtitle = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  overflow: hidden;
`;

const Description = styled(Subtitle)``;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.sm};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
`;

const ReadTime = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${theme.spacing.xs};
`;

const ShopMarker = styled.span`
  padding: ${theme.spacing.xxs} ${theme.spacing.sm};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: ${theme.fontWeights.bold};
`;
