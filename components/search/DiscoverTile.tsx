import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { EXPIRED_POPUP } from '@/lib/constants';
import { imageSet } from '@/lib/media';
import { DISCOVER_PAGES_SHOWN } from '@/lib/search';
import { loadPage } from '@/hooks/page-load';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import type { DiscoverIssue } from '@/lib/search-results';
import { Highlight, markRules } from './Highlight';

// The expired popup draws nothing until a member whose access has ended opens an issue; its code loads then.
const Popup = dynamic(() => import('@/components/ui/Popup').then((module) => module.Popup), { ssr: false });

const DISCOVER_COVER_WIDTH = 120;
const DISCOVER_COVER_HEIGHT = 156;

export interface DiscoverTileProps {
  issue: DiscoverIssue;
  /** Where 'More' leads when more pages match than the tile lists (/search for this issue). */
  moreHref?: string;
  /** List every page given (the issue's own view on /search) rather than the first three. */
  showAllPages?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** The words searched for: the reader opens with them marked. */
  words?: string;
}

const headingTag = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/**
 * SPEC §3/§4 discover tile: an issue whose pages hold the words searched for, with its cover, magazine and issue
 * name and the matching page numbers. Choosing a page number shows that page's highlighted text; the cover or
 * 'Read More' opens the issue at that page, or the expired popup when the subscription has ended.
 */
export function DiscoverTile({ issue, moreHref, showAllPages = false, headingLevel = 3, words }: DiscoverTileProps) {
  const [selected, setSelected] = useState(issue.pages[0]?.page);
  const [expired, setExpired] = useState(false);
  const [opening, setOpening] = useState(false);
  const pagesLabelId = useId();
  const excerptId = useId();
  const pages = showAllPages ? issue.pages : issue.pages.slice(0, DISCOVER_PAGES_SHOWN);
  const current = issue.pages.find((p) => p.page === selected) ?? issue.pages[0];
  const { src, srcSet } = imageSet(issue.imgPath);
  const Heading = headingTag[headingLevel];
  const where = `${issue.magName}, ${issue.issueName}${current ? `, page ${current.page}` : ''}`;

  const read = async () => {
    if (opening) return;
    setOpening(true);
    // The reader's calls and the session code load when an issue is first opened, not with the results.
    const [{ openIssue }, { storedMember }] = await Promise.all([import('@/services/reader'), import('@/lib/stored-session')]);
    const outcome = await openIssue({ issueId: issue.issueId, page: current?.page, member: storedMember(), highlight: words });
    setOpening(false);
    if (outcome.kind === 'expired') setExpired(true);
    else if (outcome.kind === 'redirect') loadPage(outcome.to);
  };

  return (
    <Tile>
      <button className="cover-button" type="button" onClick={() => void read()} aria-label={`Read ${where}`} disabled={opening}>
        {/* eslint-disable-next-line @next/next/no-img-element -- the media route serves its 1x/2x/3x sizes itself */}
        <img className="cover" src={src} srcSet={srcSet} width={DISCOVER_COVER_WIDTH} height={DISCOVER_COVER_HEIGHT} alt="" loading="lazy" decoding="async" />
      </button>
      <div className="details">
        <Heading className="magazine-name">{issue.magName}</Heading>
        <p className="issue-name">{issue.issueName}</p>
        {pages.length > 0 ? (
          <>
            <p className="pages-label" id={pagesLabelId}>{issue.fin === 1 ? 'Found on page' : `Found on ${issue.fin} pages`}</p>
            <ul className="page-list" aria-labelledby={pagesLabelId}>
              {pages.map((p) => (
                <li key={p.page}>
                  <button className="page-button"
                    type="button"
                    aria-pressed={p.page === current?.page}
                    aria-controls={excerptId}
                    aria-label={`Page ${p.page}`}
                    onClick={() => setSelected(p.page)}
                  >
                    {p.page}
                  </button>
                </li>
              ))}
              {!showAllPages && issue.fin > DISCOVER_PAGES_SHOWN && moreHref ? (
                <li>
                  <a className="more-link" href={moreHref} aria-label={`More pages of ${issue.magName}, ${issue.issueName}`}>
                    More
                  </a>
                </li>
              ) : null}
            </ul>
            <p className="excerpt" id={excerptId} aria-live="polite">
              {current ? <Highlight value={current._highLight} /> : null}
            </p>
          </>
        ) : null}
        <button className="read-more" type="button" onClick={() => void read()} disabled={opening} aria-label={`Read More: ${where}`}>
          Read More
        </button>
      </div>
      {expired ? <Popup open title={EXPIRED_POPUP.title} text={EXPIRED_POPUP.text} onClose={() => setExpired(false)} role="alertdialog" /> : null}
    </Tile>
  );
}

const Tile = styled.article`
  display: flex;
  gap: ${theme.spacing.md};
  padding: ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  min-width: 0;

  ${markRules}

  .cover-button {
    flex: 0 0 auto;
    align-self: flex-start;
    padding: 0;
    border: 0;
    border-radius: ${theme.radii.sm};
    background: none;
    cursor: pointer;
    line-height: 0;
  }

  .cover {
    width: ${DISCOVER_COVER_WIDTH / 1.5}px;
    height: auto;
    aspect-ratio: ${DISCOVER_COVER_WIDTH} / ${DISCOVER_COVER_HEIGHT};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.skeleton};
    object-fit: cover;

    ${media.up('sm')} {
      width: ${DISCOVER_COVER_WIDTH}px;
    }
  }

  .details {
    display: flex;
    flex-direction: column;
    gap: ${theme.spacing.xs};
    min-width: 0;
  }

  .magazine-name {
    font-size: ${theme.fontSizes.md};
    overflow-wrap: anywhere;
  }

  .issue-name {
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
  }

  .pages-label {
    margin-top: ${theme.spacing.xs};
    font-size: ${theme.fontSizes.sm};
  }

  .page-list {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .page-button {
    min-width: 36px;
    min-height: 36px;
    padding: 0 ${theme.spacing.sm};
    border: 1px solid ${theme.colors.borderStrong};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.sm};

    &[aria-pressed='true'] {
      border-color: ${theme.colors.brand};
      background: ${theme.colors.brand};
      color: ${theme.colors.onBrand};
    }
  }

  .more-link {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 0 ${theme.spacing.sm};
    color: ${theme.colors.brand};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
  }

  .excerpt {
    /* The service keeps paragraph breaks as line breaks. */
    white-space: pre-line;
    color: ${theme.colors.text};
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.normal};
    overflow-wrap: anywhere;
  }

  .read-more {
    align-self: flex-start;
    min-height: ${theme.sizes.tapTarget};
    padding: 0 ${theme.spacing.lg};
    border: 0;
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
    font-weight: ${theme.fontWeights.bold};

    &:hover {
      background: ${theme.colors.brandHover};
    }

    &:disabled {
      opacity: 0.7;
    }
  }
`;

