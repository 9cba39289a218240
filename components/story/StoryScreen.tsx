import styled from 'styled-components';
import { ClockIcon } from '@/components/ui/icons';
import { KeywordChipList } from '@/components/ui/KeywordChip';
import { storyCardMarkup } from '@/components/ui/card-markup';
import { storyCardRules } from '@/components/ui/StoryCard';
import { html, innerHtml } from '@/lib/html';
import type { StoryTile } from '@/lib/entities';
import { fixedStoryCategoryHref } from '@/lib/story-routes';
import type { LanguageChoice, StoryView } from '@/lib/story-screen';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

/** What the page says about the language it is shown in. */
export type TranslationState =
  | { state: 'original' }
  | { state: 'translated'; languageName: string }
  /** Asked for a language no translation could be had in: the original is shown with a short notice. */
  | { state: 'unavailable'; languageName: string };

export interface StoryScreenProps {
  story: StoryView;
  /** Null for a visitor, who reads the preview and cannot translate. */
  languages: LanguageChoice[] | null;
  translation: TranslationState;
  related: StoryTile[];
  signInHref: string;
}

/**
 * A story to read (SPEC §2): comfortable on a phone, with its magazine and issue, languages, keywords and related
 * stories. Its links are plain anchors the frame navigates (hooks/useDelegatedLinks), and the related stories are
 * written as text (card-markup's storyCardMarkup), styled from their list.
 */
export function StoryScreen({ story, languages, translation, related, signInHref }: StoryScreenProps) {
  const originalHref = story.href;
  return (
    <Page>
      <Article lang={story.lang} aria-labelledby="story-title">
        <Crumbs aria-label="Breadcrumb">
          <ol>
            <li>
              <a href={fixedStoryCategoryHref('cover')}>Stories</a>
            </li>
            <li>
              <a href={story.categoryHref}>{story.categoryName}</a>
            </li>
          </ol>
        </Crumbs>
        <Header>
          <HeaderText>
            <Source lang={story.originalLang}>
              {story.magName} · {story.issueName}
            </Source>
            <h1 id="story-title">{story.title}</h1>
            {story.subtitle ? <Subtitle>{story.subtitle}</Subtitle> : null}
            <Meta>
              <span>
                <ClockIcon size={16} />
                <span className="visually-hidden">{story.isNews ? 'Published ' : 'Reading time '}</span>
                {story.readTime}
              </span>
              <time dateTime={story.publishedIso}>{story.publishedOn}</time>
            </Meta>
            <IssueLink href={story.issueHref}>
              Read the {story.issueName} issue of {story.magName}
            </IssueLink>
          </HeaderText>
          <Picture src={story.image.src} srcSet={story.image.srcSet} width={200} height={250} alt="" fetchPriority="high" />
        </Header>

        {languages && languages.length > 0 ? (
          <Languages aria-label="Read in another language">
            <h2>Read in</h2>
            <KeywordChipList
              label="Languages"
              chips={languages.map((language) => ({ label: language.label, href: language.href, selected: language.current }))}
            />
          </Languages>
        ) : null}
        {translation.state === 'unavailable' ? (
          <Notice role="status">
            This story isn’t available in {translation.languageName} right now, so it is shown in its original language.
          </Notice>
        ) : translation.state === 'translated' ? (
          <Notice role="status">
            Translated into {translation.languageName}. <a href={originalHref}>Read the original</a>
          </Notice>
        ) : null}

        <Body $preview={story.isPreview}>
          {story.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </Body>
        {story.isPreview ? (
          <SignIn>
            <h2>Keep reading</h2>
            <p>This is a preview. Sign in with your library to read the whole story, and thousands more.</p>
            <SignInLink href={signInHref}>Sign in to read the whole story</SignInLink>
          </SignIn>
        ) : null}

        {story.keywords.length > 0 ? (
          <Topics aria-labelledby="story-topics">
            <h2 id="story-topics">More stories on</h2>
            <KeywordChipList label="Story keywords" chips={story.keywords} />
          </Topics>
        ) : null}
      </Article>

      {related.length > 0 ? (
        <Related aria-labelledby="related-stories">
          <h2 id="related-stories">Related stories</h2>
          <ul dangerouslySetInnerHTML={innerHtml(html`${related.map((tile) => html`<li>${storyCardMarkup(tile, 3)}</li>`)}`)} />
        </Related>
      ) : null}
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.spacing.xxl};
  padding: ${theme.spacing.lg} ${theme.spacing.lg} ${theme.spacing.xxxl};

  ${media.up('lg')} {
    grid-template-columns: minmax(0, 1fr) 340px;
    align-items: start;
    max-width: 1160px;
    margin: 0 auto;
  }
`;

const Article = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  width: 100%;
  max-width: 42rem;
  margin: 0 auto;
`;

const Crumbs = styled.nav`
  font-size: ${theme.fontSizes.sm};

  & > ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  & li + li::before {
    content: '›';
    margin-right: ${theme.spacing.xs};
    color: ${theme.colors.muted};
  }

  & a {
    color: ${theme.colors.muted};
  }
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.spacing.lg};
`;

const HeaderText = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  min-width: 0;

  & > h1 {
    font-size: ${theme.fontSizes.xxl};
    line-height: ${theme.lineHeights.tight};
    overflow-wrap: anywhere;

    ${media.up('md')} {
      font-size: ${theme.fontSizes.display};
    }
  }
`;

const Source = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.medium};
  letter-spacing: 0.03em;
  text-transform: uppercase;
`;

const Subtitle = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.lg};
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.md};
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};

  & > span {
    display: inline-flex;
    align-items: center;
    gap: ${theme.spacing.xs};
  }
`;

const IssueLink = styled.a`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  color: ${theme.colors.brand};
  font-weight: ${theme.fontWeights.bold};
`;

/* Decoration: on a phone the words get the whole width. */
const Picture = styled.img`
  display: none;
  flex: none;
  width: 160px;
  height: auto;
  aspect-ratio: 4 / 5;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAlt};
  object-fit: cover;

  ${media.up('sm')} {
    display: block;
  }

  ${media.up('md')} {
    width: 200px;
  }
`;

const Languages = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};

  & > h2 {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Notice = styled.p`
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border-left: 4px solid ${theme.colors.focus};
  background: ${theme.colors.surfaceAlt};
  font-size: ${theme.fontSizes.sm};
`;

const Body = styled.div<{ $preview: boolean }>`
  position: relative;
  max-width: 65ch;
  font-size: ${theme.fontSizes.lg};
  line-height: 1.7;
  overflow-wrap: break-word;
  hyphens: auto;

  & > p + p {
    margin-top: 1.1em;
  }

  ${({ $preview }) =>
    $preview
      ? `
    &::after {
      content: '';
      position: absolute;
      inset: auto 0 0 0;
      height: 4em;
      background: linear-gradient(to bottom, transparent, ${theme.colors.surface});
      pointer-events: none;
    }
  `
      : ''}
`;

const SignIn = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  max-width: 65ch;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};

  & > h2 {
    font-size: ${theme.fontSizes.xl};
  }
`;

const SignInLink = styled.a`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.xl};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: ${theme.fontWeights.bold};
  text-decoration: none;

  &:hover {
    background: ${theme.colors.brandHover};
  }
`;

const Topics = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  padding-top: ${theme.spacing.lg};
  border-top: 1px solid ${theme.colors.border};

  & > h2 {
    font-size: ${theme.fontSizes.md};
  }
`;

const Related = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.md};

  & > h2 {
    font-size: ${theme.fontSizes.xl};
  }

  & > ul {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .story-card {
    ${storyCardRules}
  }
`;
