import styled from 'styled-components';
import { LINE_SPACINGS, LINE_WIDTHS, TEXT_SIZES, THEME_COLOURS, THEMES, useTextSettings } from '@/components/reader/text/settings';
import { primaryLinkRules } from '@/components/ui/primary-link';
import { ClockIcon } from '@/components/ui/icons';
import { KeywordChipList } from '@/components/ui/KeywordChip';
import { storyCardMarkup } from '@/components/ui/card-markup';
import { storyCardRules } from '@/components/ui/StoryCard';
import { html, innerHtml } from '@/lib/html';
import type { StoryTile } from '@/lib/wire';
import { fixedStoryCategoryHref } from '@/lib/story-paths';
import type { LanguageChoice, StoryView } from '@/lib/story-screen';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { StoryTextSettings } from './StoryTextSettings';

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
  // The reader's text settings: size, spacing, width and colours, set once for stories and the text view alike.
  const [settings, changeSettings] = useTextSettings();
  return (
    <Page>
      <article className="story-article" lang={story.lang} aria-labelledby="story-title">
        <nav className="story-crumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <a href={fixedStoryCategoryHref('cover')}>Stories</a>
            </li>
            <li>
              <a href={story.categoryHref}>{story.categoryName}</a>
            </li>
          </ol>
        </nav>
        <header className="story-header">
          <div className="story-header-text">
            <p className="story-source" lang={story.originalLang}>
              {story.magName} · {story.issueName}
            </p>
            <h1 id="story-title">{story.title}</h1>
            {story.subtitle ? <p className="story-subtitle">{story.subtitle}</p> : null}
            <p className="story-meta">
              <span>
                <ClockIcon size={16} />
                <span className="visually-hidden">{story.isNews ? 'Published ' : 'Reading time '}</span>
                {story.readTime}
              </span>
              <time dateTime={story.publishedIso}>{story.publishedOn}</time>
            </p>
            <a className="story-issue-link" href={story.issueHref}>
              Read the {story.issueName} issue of {story.magName}
            </a>
          </div>
          {/* eslint-disable-next-line @next/next/no-img-element -- the media route serves its 1x/2x/3x sizes itself */}
          <img className="story-picture" src={story.image.src} srcSet={story.image.srcSet} width={200} height={250} alt="" fetchPriority="high" />
        </header>

        {languages && languages.length > 0 ? (
          <nav className="story-languages" aria-label="Read in another language">
            <h2>Read in</h2>
            <KeywordChipList
              label="Languages"
              chips={languages.map((language) => ({ label: language.label, href: language.href, selected: language.current }))}
            />
          </nav>
        ) : null}
        {translation.state === 'unavailable' ? (
          <p className="story-notice" role="status">
            This story isn’t available in {translation.languageName} right now, so it is shown in its original language.
          </p>
        ) : translation.state === 'translated' ? (
          <p className="story-notice" role="status">
            Translated into {translation.languageName}. <a href={originalHref}>Read the original</a>
          </p>
        ) : null}

        <StoryTextSettings settings={settings} onChange={changeSettings} />
        <div
          className={story.isPreview ? 'story-body preview' : 'story-body'}
          data-size={settings.size}
          data-spacing={settings.spacing}
          data-width={settings.width}
          data-theme={settings.theme}
        >
          {story.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {story.isPreview ? (
          <section className="story-sign-in">
            <h2>Keep reading</h2>
            <p>This is a preview. Sign in with your library to read the whole story, and thousands more.</p>
            <a className="story-sign-in-link" href={signInHref}>Sign in to read the whole story</a>
          </section>
        ) : null}

        {story.keywords.length > 0 ? (
          <section className="story-topics" aria-labelledby="story-topics">
            <h2 id="story-topics">More stories on</h2>
            <KeywordChipList label="Story keywords" chips={story.keywords} />
          </section>
        ) : null}
      </article>

      {related.length > 0 ? (
        <aside className="story-related" aria-labelledby="related-stories">
          <h2 id="related-stories">Related stories</h2>
          <ul dangerouslySetInnerHTML={innerHtml(html`${related.map((tile) => html`<li>${storyCardMarkup(tile, 3)}</li>`)}`)} />
        </aside>
      ) : null}
    </Page>
  );
}

/**
 * The page and its parts: one styled component, its parts plain elements styled by class (`:where()` keeps each
 * part's rules as specific as a styled component's own class was), so a story costs one class computation.
 */
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

  :where(.story-article) {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.lg};
    width: 100%;
    max-width: 42rem;
    margin: 0 auto;
  }

  :where(.story-crumbs) {
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
  }

  :where(.story-header) {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: ${theme.spacing.lg};
  }

  :where(.story-header-text) {
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
  }

  :where(.story-source) {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
    font-weight: ${theme.fontWeights.medium};
    letter-spacing: 0.03em;
    text-transform: uppercase;
  }

  :where(.story-subtitle) {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.lg};
  }

  :where(.story-meta) {
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
  }

  :where(.story-issue-link) {
    align-self: flex-start;
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.bold};
  }

  /* Decoration: on a phone the words get the whole width. */
  :where(.story-picture) {
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
  }

  :where(.story-languages) {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.sm};

    & > h2 {
      color: ${theme.colors.muted};
      font-size: ${theme.fontSizes.sm};
    }
  }

  :where(.story-notice) {
    padding: ${theme.spacing.sm} ${theme.spacing.md};
    border-left: 4px solid ${theme.colors.focus};
    background: ${theme.colors.surfaceAlt};
    font-size: ${theme.fontSizes.sm};
  }

  :where(.story-body) {
    position: relative;
    box-sizing: content-box;
    overflow-wrap: break-word;
    hyphens: auto;

    & > p + p {
      margin-top: 1.1em;
    }
  }

  /* The member's text settings (data attributes, so the page keeps one class and no style attribute). */
  ${TEXT_SIZES.map((size) => `:where(.story-body[data-size='${size}']) { font-size: ${size}px; }`).join('\n')}
  ${LINE_SPACINGS.map((spacing) => `:where(.story-body[data-spacing='${spacing}']) { line-height: ${spacing}; }`).join('\n')}
  ${LINE_WIDTHS.map((width) => `:where(.story-body[data-width='${width}']) { max-width: ${width}ch; }`).join('\n')}
  ${THEMES.map(
    (name) => `:where(.story-body[data-theme='${name}']) { background: ${THEME_COLOURS[name].back}; color: ${THEME_COLOURS[name].fore}; }
      :where(.story-body.preview[data-theme='${name}'])::after { background: linear-gradient(to bottom, transparent, ${THEME_COLOURS[name].back}); }`,
  ).join('\n')}
  :where(.story-body[data-theme='sepia'], .story-body[data-theme='dark']) {
    padding: ${theme.spacing.md} ${theme.spacing.lg};
    border-radius: ${theme.radii.md};
  }

  :where(.story-body.preview)::after {
    content: '';
    position: absolute;
    inset: auto 0 0 0;
    height: 4em;
    pointer-events: none;
  }

  :where(.story-sign-in) {
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
  }

  :where(.story-sign-in-link) {
    ${primaryLinkRules}
    align-self: flex-start;
  }

  :where(.story-topics) {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.sm};
    padding-top: ${theme.spacing.lg};
    border-top: 1px solid ${theme.colors.border};

    & > h2 {
      font-size: ${theme.fontSizes.md};
    }
  }

  :where(.story-related) {
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
  }
`;
