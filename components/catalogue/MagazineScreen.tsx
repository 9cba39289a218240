import Head from 'next/head';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { GoldBadge } from '@/components/ui/GoldBadge';
import { primaryLinkRules } from '@/components/ui/primary-link';
import { issueCardMarkup, storyCardMarkup } from '@/components/ui/card-markup';
import { Slider } from '@/components/ui/Slider';
import { html, innerHtml } from '@/lib/html';
import type { MagazineScreenProps } from '@/lib/catalogue-screens';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { Cover, coverBox, Details, Hero, Page } from './TitleLayout';

const HERO_COVER_WIDTH = 240;

export interface MagazineScreenExtras {
  /**
   * Where the favourite toggle goes once accounts exist (SPEC §4 Favourites): the page passes the control, the
   * screen places it beside the title's actions.
   */
  favourite?: ReactNode;
}

/** A title's page (SPEC §2 /magazine/{mid}): cover, about, latest issue, all issues, specials, related stories. */
export function MagazineScreen({ magazine, latest, issues, issueCount, allIssuesHref, specials, stories, favourite }: MagazineScreenProps & MagazineScreenExtras) {
  return (
    <Page>
      <Head>
        <title>{`${magazine.magName} | Library Reader`}</title>
      </Head>
      <Hero>
        {latest ? (
          <CoverLink href={latest.href} aria-label={`${magazine.magName}, latest issue ${latest.issueName}`}>
            <Cover src={latest.src} srcSet={latest.srcSet} width={HERO_COVER_WIDTH} height={Math.round((HERO_COVER_WIDTH * latest.height) / latest.width)} alt="" priority />
          </CoverLink>
        ) : null}
        <Details>
          <TitleRow>
            <Title>{magazine.magName}</Title>
            {magazine.isGold ? <GoldBadge size="medium" /> : null}
          </TitleRow>
          <Facts>
            <li>
              <a href={magazine.category.href}>{magazine.category.name}</a>
            </li>
            <li>
              <a href={magazine.language.href}>{magazine.language.name}</a>
            </li>
            {magazine.publisher ? <li>{magazine.publisher}</li> : null}
            <li>
              {issueCount} {issueCount === 1 ? 'issue' : 'issues'}
            </li>
          </Facts>
          {magazine.about ? (
            <About>
              <h2 className="visually-hidden">About</h2>
              <p>{magazine.about}</p>
            </About>
          ) : null}
          {latest ? (
            <Latest>
              <span>
                Latest issue: <strong>{latest.issueName}</strong>
                {latest.published !== latest.issueName ? ` · ${latest.published}` : null}
              </span>
              <Actions>
                <PrimaryLink href={latest.href}>Open latest issue</PrimaryLink>
                {favourite}
              </Actions>
            </Latest>
          ) : (
            <Actions>{favourite}</Actions>
          )}
        </Details>
      </Hero>

      {issues.length > 0 ? (
        <Slider title="All Issues" viewAllHref={allIssuesHref} itemCount={issues.length} items={issues.map((tile) => issueCardMarkup(tile))} />
      ) : (
        <Empty>No issues of {magazine.magName} yet.</Empty>
      )}

      {specials.length > 0 ? (
        <Slider title="Special Issues" itemCount={specials.length} items={specials.map((tile) => issueCardMarkup(tile))} />
      ) : null}

      {stories.length > 0 ? (
        <Stories aria-labelledby="related-stories">
          <h2 id="related-stories">Related Stories</h2>
          <StoryList dangerouslySetInnerHTML={innerHtml(html`${stories.map((story) => html`<li>${storyCardMarkup(story, 3)}</li>`)}`)} />
        </Stories>
      ) : null}
    </Page>
  );
}

const CoverLink = styled.a`
  ${coverBox(`min(${HERO_COVER_WIDTH}px, 70vw)`, theme.shadows.md)}
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.spacing.sm};
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  overflow-wrap: anywhere;

  ${media.up('md')} {
    font-size: ${theme.fontSizes.display};
  }
`;

const Facts = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.xs} ${theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};

  a {
    color: ${theme.colors.brand};
    font-weight: ${theme.fontWeights.medium};
  }
`;

const About = styled.section`
  max-width: 65ch;
`;

const Latest = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.sm};

  &:empty {
    display: none;
  }
`;

const PrimaryLink = styled.a`
  ${primaryLinkRules}
  justify-content: center;
`;

const Stories = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  padding: 0 ${theme.spacing.lg};

  h2 {
    font-size: ${theme.fontSizes.xl};
  }
`;

const StoryList = styled.ul`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.up('lg')} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Empty = styled.p`
  padding: 0 ${theme.spacing.lg};
  color: ${theme.colors.muted};
`;
