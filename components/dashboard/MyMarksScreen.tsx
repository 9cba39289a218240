import Link from 'next/link';
import { useState } from 'react';
import styled from 'styled-components';
import { ClippingFigure } from '@/components/marks/ClippingFigure';
import { MarkItem, MarkList, markPlace } from '@/components/marks/MarkItem';
import { OpenAtPageButton } from '@/components/marks/OpenAtPageButton';
import { ShareClippingButton } from '@/components/marks/ShareClippingButton';
import { theme } from '@/styles/theme';
import type { BookmarkView, ClippingView } from '@/lib/wire';
import { DashboardLayout } from './DashboardLayout';

/** The list a deletion drops an item from, with the sentence that says so to a screen reader. */
function useList<T extends { id: number }>(initial: T[]) {
  const [items, setItems] = useState(initial);
  const [said, setSaid] = useState('');
  const onDeleted = (id: number, name: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
    setSaid(`Deleted ${name}.`);
  };
  return { items, said, onDeleted };
}

/** /dashboard/myBookmarks: the member's bookmarked pages, newest first, each opened in the reader at its page. */
export function MyBookmarksScreen({ bookmarks, showPassword }: { bookmarks: BookmarkView[]; showPassword: boolean }) {
  const { items, said, onDeleted } = useList(bookmarks);
  return (
    <DashboardLayout title="My Bookmarks" current="/dashboard/myBookmarks" showPassword={showPassword}>
      <Status role="status">{said}</Status>
      {items.length ? (
        <MarkList aria-label="Your bookmarks">
          {items.map((mark) => (
            <MarkItem key={mark.id} kind="bookmarks" id={mark.id} name={mark.name} place={markPlace(mark)} onDeleted={onDeleted}>
              {mark.available ? <OpenAtPageButton issueId={mark.issueId} pageNo={mark.pageNo} of={mark.name} /> : null}
            </MarkItem>
          ))}
        </MarkList>
      ) : (
        <Note>
          No bookmarks yet. In the reader, press Bookmark to keep the page you are on. <Link href="/magazines/BS/en">Browse magazines</Link>
        </Note>
      )}
    </DashboardLayout>
  );
}

/** /dashboard/myClippings: the member's clippings with their pictures and text; each can be opened, shared or deleted. */
export function MyClippingsScreen({ clippings, showPassword }: { clippings: ClippingView[]; showPassword: boolean }) {
  const { items, said, onDeleted } = useList(clippings);
  return (
    <DashboardLayout title="My Clippings" current="/dashboard/myClippings" showPassword={showPassword}>
      <Status role="status">{said}</Status>
      {items.length ? (
        <MarkList aria-label="Your clippings">
          {items.map((mark) => (
            <MarkItem key={mark.id} kind="clippings" id={mark.id} name={mark.name} place={markPlace(mark)} onDeleted={onDeleted}>
              {mark.available && mark.imageUrl && mark.text !== null ? (
                <>
                  <ClippingFigure imageUrl={mark.imageUrl} text={mark.text} textScope={mark.textScope} caption={mark.name} />
                  <Actions>
                    <OpenAtPageButton issueId={mark.issueId} pageNo={mark.pageNo} of={mark.name} />
                    <ShareClippingButton id={mark.id} name={mark.name} shared={mark.shareUrl} />
                  </Actions>
                </>
              ) : null}
            </MarkItem>
          ))}
        </MarkList>
      ) : (
        <Note>
          No clippings yet. In the reader, press Clip to keep a part of a page, its picture and its text. <Link href="/magazines/BS/en">Browse magazines</Link>
        </Note>
      )}
    </DashboardLayout>
  );
}

const Status = styled.p`
  margin: 0;
  &:empty {
    display: none;
  }
`;

const Note = styled.p`
  color: ${theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.sm};
`;
