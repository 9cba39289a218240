/**
 * What the accessibility statement (/accessibility) says about how the site is tested. Each entry names a test file
 * of this repository and a phrase that file holds, so a unit test (accessibility-statement.test.ts) fails when a
 * file named here goes or stops doing what the statement says.
 */
export const STANDARD = 'WCAG 2.2 level AA';

export interface TestedBy {
  file: string;
  /** Text the file contains, proving it does what `what` says. */
  holds: string;
  what: string;
}

export const TESTED_BY: TestedBy[] = [
  {
    file: '__tests__/e2e/axe.ts',
    holds: "'wcag22aa'",
    what: 'Every check runs axe-core with the WCAG 2.0, 2.1 and 2.2 level A and AA rules.',
  },
  {
    file: '__tests__/e2e/accessibility.spec.ts',
    holds: 'width: 320',
    what: 'The main screens, a form showing its messages, the search overlay and the reader are checked at a phone’s width (320 px) and a desktop’s (1440 px), as a visitor and signed in.',
  },
  {
    file: '__tests__/e2e/routes.spec.ts',
    holds: 'axeViolations',
    what: 'Every page of the site, this statement included, is opened in turn and checked the same way.',
  },
  {
    file: '__tests__/e2e/help.spec.ts',
    holds: 'work from the keyboard alone',
    what: 'The help and contact forms are filled in and sent with the keyboard alone at 320 px.',
  },
  {
    file: '__tests__/e2e/phone.spec.ts',
    holds: "keyboard.press('Tab')",
    what: 'Focus never hides under the sticky header, and the reader’s toolbar and its zoom menu are reached and worked with Tab, Enter and Escape.',
  },
  {
    file: '__tests__/e2e/marks.spec.ts',
    holds: 'keyboard',
    what: 'A member bookmarks a page and clips a region in the reader without a mouse, then finds, opens and deletes them in the dashboard.',
  },
];

/** Where a member reports a barrier: the support form (SPEC §5), which reaches the library's support team. */
export const REPORT_PATH = '/helpsupport';
