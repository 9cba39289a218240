import Head from 'next/head';
import styled from 'styled-components';
import { DownloadIssue } from '@/components/offline/DownloadIssue';
import { GoldBadge } from '@/components/ui/GoldBadge';
import { issueCardMarkup } from '@/components/ui/card-markup';
import { Slider } from '@/components/ui/Slider';
import type { IssueScreenProps } from '@/lib/catalogue-screens';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { ReadButton } from './ReadButton';
import { Cover, coverBox, Details, Hero, Page } from './TitleLayout';

const ISSUE_COVER_PX = 300;

/** An issue's page (SPEC §2 /magazine/{mid}/{issueId}): its cover and the Read action, then more issues. */
export function IssueScreen({ issue, magazine, more, allIssuesHref, reader }: IssueScreenProps) {
  const height = Math.round((ISSUE_COVER_PX * issue.height) / issue.width);
  return (
    <Page>
      <Head>
        <title>{`${magazine.magName} · ${issue.issueName} | Library Reader`}</title>
      </Head>
      <Hero>
        <CoverFrame>
          <Cover src={issue.src} srcSet={issue.srcSet} width={ISSUE_COVER_PX} height={height} alt={`Cover of ${magazine.magName}, ${issue.issueName}`} priority />
        </CoverFrame>
        <Details>
          <Crumbs aria-label="Breadcrumb">
            <ol>
              <li>
                <a href={magazine.category.href}>{magazine.category.name}</a>
              </li>
              <li>
                <a href={magazine.href}>{magazine.magName}</a>
              </li>
            </ol>
          </Crumbs>
          <TitleRow>
            <Title>
              {magazine.magName}
              <IssueName>{issue.issueName}</IssueName>
            </Title>
            {magazine.isGold ? <GoldBadge size="large" /> : null}
          </TitleRow>
          <Facts>
            <div>
              <dt>Published</dt>
              <dd>{issue.published}</dd>
            </div>
            {issue.pageCount > 0 ? (
              <div>
                <dt>Pages</dt>
                <dd>{issue.pageCount}</dd>
              </div>
            ) : null}
            {issue.isSpecial ? (
              <div>
                <dt>Edition</dt>
                <dd>Special issue</dd>
              </div>
            ) : null}
          </Facts>
          <ReadButton access={reader} issueId={issue.issueId} />
          {reader.lastPage ? <Muted>You stopped at page {reader.lastPage}; the reader opens there.</Muted> : null}
          <DownloadIssue issueId={issue.issueId} canRead={reader.signedIn && reader.libraryId > 0 && issue.pageCount > 0} />
        </Details>
      </Hero>
      {more.length > 0 ? (
        <Slider title={`More issues of ${magazine.magName}`} viewAllHref={allIssuesHref} itemCount={more.length} items={more.map((tile) => issueCardMarkup(tile))} />
      ) : null}
    </Page>
  );
}

const CoverFrame = styled.div`
  ${coverBox(`min(${ISSUE_COVER_PX}px, 80vw)`, theme.shadows.lg)}
`;

const Crumbs = styled.nav`
  font-size: ${theme.fontSizes.sm};

  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  li + li::before {
    content: '›';
    margin-right: ${theme.spacing.xs};
    color: ${theme.colors.muted};
  }

  a {
    color: ${theme.colors.brand};
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${theme.spacing.sm};
`;

const Title = styled.h1`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  font-size: ${theme.fontSizes.xxl};
  overflow-wrap: anywhere;

  ${media.up('md')} {
    font-size: ${theme.fontSizes.display};
  }
`;

const IssueName = styled.span`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.medium};
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.lg};
  margin: 0;

  dt {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }

  dd {
    margin: 0;
    font-weight: ${theme.fontWeights.medium};
  }
`;

const Muted = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;
