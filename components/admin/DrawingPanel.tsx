import dynamic from 'next/dynamic';
import { Section, Status, SubHeading } from './parts';

// The list and its controls load after the page, with their data: the console's content page stays within the
// first-load budget (150 kB gzip, bench/first-load-js.ts) with the upload form and the titles ready first.
const DrawingList = dynamic(() => import('./DrawingList').then((module) => module.DrawingList), {
  ssr: false,
  loading: () => <Status role="status">Loading…</Status>,
});

/**
 * "Pages being drawn": imported issues, listed and searchable already, whose pages are still being drawn in the
 * background (a page asked for before is drawn on request), with the drawing's progress, its tries and the reason
 * of a failed try, and a button to try a failed drawing again.
 */
export function DrawingPanel() {
  return (
    <Section aria-labelledby="pages-being-drawn">
      <SubHeading id="pages-being-drawn">Pages being drawn</SubHeading>
      <p>An imported issue is listed and searchable at once; its pages are drawn after, first pages first, and any page a reader opens before then is drawn for them.</p>
      <DrawingList />
    </Section>
  );
}
