import Link from 'next/link';
import { REPORT_PATH, STANDARD, TESTED_BY } from '@/lib/accessibility-statement';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

/** /accessibility: the standard the site meets, how that is tested, what falls short, and how to report a barrier. */
export function AccessibilityScreen() {
  return (
    <HelpPage
      title="Accessibility statement"
      intro={`This site aims to meet ${STANDARD} for everyone who reads through their library, whatever device, browser or assistive technology they use.`}
      contents={[
        { id: 'standard', label: 'The standard we meet' },
        { id: 'testing', label: 'How it is tested' },
        { id: 'limitations', label: 'Known limitations' },
        { id: 'report', label: 'Report a barrier' },
      ]}
    >
      <HelpSection id="standard" title="The standard we meet">
        <p>
          We build to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA: pages are marked up with headings, landmarks and labels; everything
          works from a keyboard with a visible focus; text and controls have enough contrast; images have text alternatives; and pages work from 320 px
          wide up to a large desktop, and when zoomed.
        </p>
      </HelpSection>
      <HelpSection id="testing" title="How it is tested">
        <p>These checks run on every change, in Chromium, against the site as it is served:</p>
        <ul>
          {TESTED_BY.map((test) => (
            <li key={test.file}>
              {test.what} <code>{test.file}</code>
            </li>
          ))}
        </ul>
        <p>Automated checks find only part of what can go wrong, so the keyboard walks above follow what a person does, step by step.</p>
      </HelpSection>
      <HelpSection id="limitations" title="Known limitations">
        <ul>
          <li>
            Scanned pages have no text: the reader shows their picture, named by its page number, and a screen reader has nothing more to read on them.
          </li>
          <li>
            A page’s text alternative is its printed text, cut near 1,200 characters on long pages.
          </li>
          <li>
            A clipping keeps the whole page’s text with the picture of its region: the stored text of a page does not yet say where each word sits.
          </li>
        </ul>
      </HelpSection>
      <HelpSection id="report" title="Report a barrier">
        <p>
          If something on this site stops you reading, tell us through the <Link href={REPORT_PATH}>support form</Link>: say which page, what you were
          doing, and the browser and assistive technology you use. Your library’s support team answers, and we fix what we can.
        </p>
      </HelpSection>
      <MoreHelp />
    </HelpPage>
  );
}
