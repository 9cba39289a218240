import Link from 'next/link';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/styles/theme';
import type { BookmarkView, ClippingView } from '@/lib/wire';
import { Tool } from '../ReaderTool';

/** This issue's bookmarks and clippings in the reader: each goes to its page or is deleted; the rest is the dashboard's. */
export function MarksPanel(props: {
  id: string;
  hidden: boolean;
  bookmarks: BookmarkView[];
  clippings: ClippingView[];
  actions: ReactNode;
  onGoTo(pageNo: number): void;
  onDelete(kind: 'bookmarks' | 'clippings', id: number, name: string): void;
}) {
  const { bookmarks, clippings, onGoTo, onDelete } = props;
  return (
    <Panel id={props.id} aria-labelledby={`${props.id}-title`} hidden={props.hidden}>
      <h2 id={`${props.id}-title`}>Bookmarks and clippings</h2>
      <div className="panel-actions">{props.actions}</div>
      <h3>Bookmarks</h3>
      {bookmarks.length ? (
        <ul>
          {bookmarks.map((mark) => (
            <li key={mark.id}>
              <Tool type="button" onClick={() => onGoTo(mark.pageNo)}>
                {mark.name} <span className="page">(page {mark.pageNo})</span>
              </Tool>
              <Tool type="button" onClick={() => onDelete('bookmarks', mark.id, mark.name)} aria-label={`Delete bookmark ${mark.name}`}>
                Delete
              </Tool>
            </li>
          ))}
        </ul>
      ) : (
        <p>No bookmarks in this issue yet.</p>
      )}
      <h3>Clippings</h3>
      {clippings.length ? (
        <ul>
          {clippings.map((mark) => (
            <li key={mark.id} className="clipping">
              {mark.imageUrl ? (
                // eslint-disable-next-line @next/next/no-img-element -- a member's own picture, cut per request
                <img src={mark.imageUrl} alt="" loading="lazy" />
              ) : null}
              <Tool type="button" onClick={() => onGoTo(mark.pageNo)}>
                {mark.name} <span className="page">(page {mark.pageNo})</span>
              </Tool>
              <Tool type="button" onClick={() => onDelete('clippings', mark.id, mark.name)} aria-label={`Delete clipping ${mark.name}`}>
                Delete
              </Tool>
            </li>
          ))}
        </ul>
      ) : (
        <p>No clippings in this issue yet.</p>
      )}
      <p>
        <Link href="/dashboard/myBookmarks">All my bookmarks</Link> · <Link href="/dashboard/myClippings">All my clippings</Link>
      </p>
    </Panel>
  );
}

const Panel = styled.section`
  position: absolute;
  top: 100%;
  right: 0;
  z-index: 2;
  width: min(24rem, 100vw);
  max-height: calc(100vh - 60px);
  overflow: auto;
  padding: ${theme.spacing.md};
  border: 1px solid ${theme.colors.borderStrong};
  background: ${theme.colors.text};
  color: ${theme.colors.surface};
  box-shadow: ${theme.shadows.lg};
  &[hidden] {
    display: none;
  }
  h2 {
    margin: 0 0 ${theme.spacing.sm};
    font-size: ${theme.fontSizes.lg};
  }
  h3 {
    margin: ${theme.spacing.md} 0 ${theme.spacing.xs};
    font-size: ${theme.fontSizes.md};
  }
  ul {
    display: grid;
    gap: ${theme.spacing.xs};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.spacing.xs};
  }
  img {
    width: 4rem;
    height: auto;
    border: 1px solid ${theme.colors.border};
  }
  .panel-actions {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs};
  }
  li > button {
    text-align: left;
  }
  a {
    color: inherit;
  }
`;
