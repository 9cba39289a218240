import { Tool } from '../ReaderTool';

/** Bookmarks the page shown, or removes its bookmark: a toggle whose pressed state says whether the page is kept. */
export function BookmarkButton({ pageNo, bookmarked, busy, onToggle, className }: { pageNo: number; bookmarked: boolean; busy: boolean; onToggle(): void; className?: string }) {
  return (
    <Tool type="button" className={className} aria-pressed={bookmarked} onClick={onToggle} disabled={busy} aria-label={`Bookmark page ${pageNo}`}>
      Bookmark
    </Tool>
  );
}
