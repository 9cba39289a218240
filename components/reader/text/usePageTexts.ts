import { useCallback, useRef, useState } from 'react';
import type { PageTextAnswer } from '@/lib/wire';

/** A page's text as the reader holds it: loaded, or failed (the text view says it could not be loaded). */
export type PageTextState = PageTextAnswer | 'failed';

/**
 * The text of the issue's pages, fetched once a page is shown (for the layer over the picture) and kept for the
 * reader's visit, so the text view and find show it at once. Offline, from the download's stored texts.
 */
export function usePageTexts(code: string, issueId: number, storedAt?: (pageNo: number) => string) {
  const [texts, setTexts] = useState<Record<number, PageTextState>>({});
  const asked = useRef(new Set<number>());
  const load = useCallback(
    (pageNo: number) => {
      if (asked.current.has(pageNo)) return;
      asked.current.add(pageNo);
      const query = new URLSearchParams({ code, issue: String(issueId), page: String(pageNo) });
      fetch(storedAt ? storedAt(pageNo) : `/api/reader/text?${query}`)
        .then(async (response) => {
          if (!response.ok) throw new Error(`text of page ${pageNo}: ${response.status}`);
          const answer = (await response.json()) as PageTextAnswer;
          setTexts((current) => ({ ...current, [pageNo]: answer }));
        })
        .catch(() => {
          // Asked again the next time the page is shown.
          asked.current.delete(pageNo);
          setTexts((current) => ({ ...current, [pageNo]: 'failed' }));
        });
    },
    [code, issueId, storedAt],
  );
  return { texts, load };
}
