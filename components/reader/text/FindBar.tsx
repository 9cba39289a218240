import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/ui/icons';
import type { FoundPage } from '@/lib/wire';
import { Tool } from '../ReaderTool';
import { Panel } from './panel';

interface FindBarProps {
  code: string;
  issueId: number;
  /** Words to find at once (opened from search). */
  initial: string;
  /** The page shown first. */
  pageNo: number;
  onFound: (words: string, pages: number[]) => void;
  onGo: (pageNo: number) => void;
  onClose: () => void;
}

/** The pages holding the words; null when the answer did not come. */
async function pagesWith(code: string, issueId: number, words: string): Promise<FoundPage[] | null> {
  try {
    const query = new URLSearchParams({ code, issue: String(issueId), q: words });
    const response = await fetch(`/api/reader/find?${query}`);
    if (!response.ok) return null;
    return ((await response.json()) as { pages: FoundPage[] }).pages;
  } catch {
    return null;
  }
}

/** Find in this issue: every page holding the words, next and previous among them; the pages mark them. */
export function FindBar({ code, issueId, initial, pageNo, onFound, onGo, onClose }: FindBarProps) {
  const [words, setWords] = useState(initial);
  const [result, setResult] = useState<{ words: string; pages: FoundPage[] } | null>(null);
  const [message, setMessage] = useState('');
  const field = useRef<HTMLInputElement>(null);

  const show = (trimmed: string, found: FoundPage[] | null) => {
    if (!found) {
      setMessage('Finding did not work just now; try again');
      return;
    }
    setResult({ words: trimmed, pages: found });
    onFound(trimmed, found.map((p) => p.pageNo));
    setMessage(found.length ? `“${trimmed}” is on ${found.length === 1 ? '1 page' : `${found.length} pages`}` : `“${trimmed}” is not in this issue`);
  };
  const find = (wanted: string) => {
    const trimmed = wanted.trim();
    if (trimmed) void pagesWith(code, issueId, trimmed).then((found) => show(trimmed, found));
  };

  useEffect(() => {
    if (initial) find(initial);
    else field.current?.focus();
    // Once, when the bar opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(words);
  };
  const pages = result?.pages ?? [];
  const after = pages.find((p) => p.pageNo > pageNo) ?? pages[0];
  const before = [...pages].reverse().find((p) => p.pageNo < pageNo) ?? pages[pages.length - 1];

  return (
    <Panel
      id="reader-find"
      role="search"
      aria-label="Find in this issue"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onClose();
      }}
    >
      <form onSubmit={submit}>
        <label>
          Find in this issue
          <input ref={field} type="search" value={words} onChange={(event) => setWords(event.target.value)} maxLength={200} />
        </label>{' '}
        <Tool type="submit">Find</Tool>
      </form>
      <Tool type="button" onClick={() => before && onGo(before.pageNo)} disabled={!pages.length} aria-label="Previous page with the words">
        <ChevronLeftIcon size={20} />
      </Tool>
      <Tool type="button" onClick={() => after && onGo(after.pageNo)} disabled={!pages.length} aria-label="Next page with the words">
        <ChevronRightIcon size={20} />
      </Tool>
      <Tool type="button" onClick={onClose} aria-label="Close find">
        <CloseIcon size={20} />
      </Tool>
      <p aria-live="polite">{message}</p>
      {pages.length ? (
        <ol aria-label="Pages with the words">
          {pages.map((page) => (
            <li key={page.pageNo}>
              <Tool type="button" onClick={() => onGo(page.pageNo)} aria-current={page.pageNo === pageNo ? 'page' : undefined}>
                Page {page.pageNo}
                {page.count > 1 ? ` (${page.count})` : ''}
              </Tool>
            </li>
          ))}
        </ol>
      ) : null}
    </Panel>
  );
}
