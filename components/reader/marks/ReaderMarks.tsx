import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import { BookmarkIcon } from '@/components/ui/icons';
import type { BookmarkView, ClippingView, ReaderPage } from '@/lib/wire';
import { addBookmark, deleteMark, listBookmarks, listClippings } from '@/services/marks';
import { media } from '@/styles/breakpoints';
import { Tool } from '../ReaderTool';
import { BookmarkButton } from './BookmarkButton';
import { ClipTool } from './ClipTool';
import { MarksPanel } from './MarksPanel';

/**
 * The reader's bookmarks and clippings: Bookmark and Clip in the toolbar (from a tablet's width; on a phone they
 * sit at the top of the panel, so the toolbar stays one row), and a panel listing this issue's marks. Without a
 * member's session (the code-only /q/temp/tpreader) the lists answer 401 and nothing is shown.
 */
export function ReaderMarks({ issueId, page, onGoTo }: { issueId: number; page: ReaderPage; onGoTo(pageNo: number): void }) {
  const [ready, setReady] = useState(false);
  const [bookmarks, setBookmarks] = useState<BookmarkView[]>([]);
  const [clippings, setClippings] = useState<ClippingView[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  useEffect(() => {
    let live = true;
    Promise.all([listBookmarks(issueId), listClippings(issueId)]).then(
      ([marks, clips]) => {
        if (!live) return;
        setBookmarks(marks);
        setClippings(clips);
        setReady(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [issueId]);

  const here = bookmarks.find((mark) => mark.pageNo === page.pageNo);
  const toggle = useCallback(async () => {
    setBusy(true);
    try {
      if (here) {
        await deleteMark('bookmarks', here.id);
        setBookmarks((current) => current.filter((mark) => mark.id !== here.id));
        setSaid(`Bookmark on page ${page.pageNo} removed`);
      } else {
        const added = await addBookmark(issueId, page.pageNo);
        setBookmarks((current) => [added, ...current]);
        setSaid(`Page ${page.pageNo} bookmarked`);
      }
    } catch {
      setSaid('The bookmark could not be changed just now; please try again.');
    } finally {
      setBusy(false);
    }
  }, [here, issueId, page.pageNo]);

  const remove = async (kind: 'bookmarks' | 'clippings', id: number, name: string) => {
    try {
      await deleteMark(kind, id);
      if (kind === 'bookmarks') setBookmarks((current) => current.filter((mark) => mark.id !== id));
      else setClippings((current) => current.filter((mark) => mark.id !== id));
      setSaid(`Deleted ${name}`);
    } catch {
      setSaid('It could not be deleted just now; please try again.');
    }
  };

  if (!ready) return null;
  const tools = (className?: string) => (
    <>
      <BookmarkButton className={className} pageNo={page.pageNo} bookmarked={Boolean(here)} busy={busy} onToggle={() => void toggle()} />
      <ClipTool className={className} issueId={issueId} page={page} onSaved={(clipping) => setClippings((current) => [clipping, ...current])} />
    </>
  );
  return (
    <>
      {tools('wide-only')}
      <Tool type="button" onClick={() => setPanelOpen(!panelOpen)} aria-expanded={panelOpen} aria-controls="reader-marks" aria-label="Bookmarks and clippings">
        <BookmarkIcon size={20} />
      </Tool>
      <MarksPanel
        id="reader-marks"
        hidden={!panelOpen}
        bookmarks={bookmarks}
        clippings={clippings}
        actions={tools('narrow-only')}
        onGoTo={(pageNo) => {
          onGoTo(pageNo);
          setPanelOpen(false);
        }}
        onDelete={(kind, id, name) => void remove(kind, id, name)}
      />
      <Said aria-live="polite">{said}</Said>
    </>
  );
}

const Said = styled.p`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** Rules the toolbar takes so a tool shows in one place only: in the bar from md up, in the panel below it. */
export const marksToolRules = `
  .wide-only { display: none; }
  ${media.up('md')} {
    .wide-only { display: inline-flex; }
    .narrow-only { display: none; }
  }
`;
