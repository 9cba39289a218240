import Link from 'next/link';
import type { ReactNode } from 'react';
import { ACCESS_CHECK_HOURS, CALLBACK_COOKIE_HOURS, SESSION_COOKIE_DAYS } from '@/lib/constants';
import { COOKIE, SESSION_COOKIE, STORAGE } from '@/lib/cookies';
import { HELP_FORM_LIMIT, HELP_REQUEST_RETENTION_DAYS } from '@/lib/help-forms';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

const PRIVACY_UPDATED = '1 December 2026';

export interface PrivacyScreenProps {
  /** How long a session token lasts (SESSION_TOKEN_DAYS). */
  sessionDays: number;
  /** Whether this site takes card payments (and so keeps payment records). */
  cardPayments: boolean;
}

interface Row {
  what: ReactNode;
  why: ReactNode;
  howLong: ReactNode;
}

function Table({ caption, head, rows }: { caption: string; head: [string, string, string]; rows: Row[] }) {
  return (
    <div className="table-scroll">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <td>{row.what}</td>
              <td>{row.why}</td>
              <td>{row.howLong}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS = [
  { id: 'summary', label: 'In short' },
  { id: 'server', label: 'What we keep on our servers' },
  { id: 'help-requests', label: 'Help and contact requests' },
  { id: 'browser', label: 'What the site keeps in your browser' },
  { id: 'sharing', label: 'Who sees it' },
  { id: 'rights', label: 'Your choices and rights' },
  { id: 'contact', label: 'Questions' },
];

const years = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`);

/** /privacy-policy: what this site stores about a member, where, and for how long; kept true to the schema and SPEC §3. */
export function PrivacyScreen({ sessionDays, cardPayments }: PrivacyScreenProps) {
  const untilAccountDeleted = 'While your account exists; deleted with it.';
  const serverRows: Row[] = [
    {
      what: 'Your account: first and last name, email address, mobile number, a reference to an ID document if your library asked you to upload one, and whether you are a member or a guest. A password only as a one-way scrypt hash, never the password itself.',
      why: 'To sign you in and show your name. Your library gives us these details, or you enter them.',
      howLong: untilAccountDeleted,
    },
    {
      what: 'For a guest: a random number your browser made, and nothing else about you.',
      why: 'So the same browser comes back as the same guest.',
      howLong: untilAccountDeleted,
    },
    {
      what: 'Your memberships: which library you read through and until when.',
      why: 'To decide what you may read, and when your access ends.',
      howLong: untilAccountDeleted,
    },
    {
      what: 'Your favourite magazines and story categories, the last page you read in each issue, and which stories you opened and when.',
      why: 'To keep your favourites, take you back to your page, and suggest stories (For You and Latest).',
      howLong: untilAccountDeleted,
    },
    {
      what: 'Sign-in codes sent by email or SMS: the address or number, and the code only as a hash.',
      why: 'To check the code you type, and stop codes being guessed.',
      howLong: 'One record per address or number, replaced each time a new code is sent.',
    },
    {
      what: 'Sessions you logged out of: a random session number.',
      why: 'So a copied token cannot be used after you log out.',
      howLong: `Until the session would have ended anyway (at most ${sessionDays} days).`,
    },
    {
      what: 'Reader codes: which member may open which issue, through which library.',
      why: 'The reader opens an issue only with a short-lived code made for you.',
      howLong: untilAccountDeleted,
    },
    ...(cardPayments
      ? [
          {
            what: 'Card payments: the plan, amount, currency, when you paid, the access it bought and the payment provider’s reference. Not your card: card details go straight to Stripe, which keeps them under its own privacy policy.',
            why: 'To extend your access once per payment, and to answer questions about a payment.',
            howLong: untilAccountDeleted,
          },
        ]
      : []),
    {
      what: `A counter of requests sent from your network address through the help forms, kept as a keyed hash, not the address itself.`,
      why: `To stop anyone flooding the help desk (at most ${HELP_FORM_LIMIT.requests} requests in ${HELP_FORM_LIMIT.windowMinutes} minutes).`,
      howLong: `${HELP_FORM_LIMIT.windowMinutes} minutes; deleted when the next request arrives after that.`,
    },
  ];

  const browserRows: Row[] = [
    { what: <code>{SESSION_COOKIE}</code>, why: 'Your signed sign-in token, readable only by our server (HttpOnly).', howLong: `${sessionDays} days, or until you log out.` },
    {
      what: <code>{COOKIE.xsrf}</code>,
      why: 'A random value that proves a request came from this site, not another one.',
      howLong: `${years(SESSION_COOKIE_DAYS)}; removed when you log out.`,
    },
    {
      what: (
        <>
          <code>{COOKIE.isLoggedIn}</code>, <code>{COOKIE.libraryId}</code>, <code>{COOKIE.ageRating}</code>, <code>{COOKIE.ageRate}</code>,{' '}
          <code>{COOKIE.isNewspaper}</code>, <code>{COOKIE.isJournal}</code>
        </>
      ),
      why: 'Whether you are signed in, your library’s number, its age rating and whether it offers newspapers and journals, so pages show the right things.',
      howLong: `${years(SESSION_COOKIE_DAYS)}; all but isLoggedIn are removed when you log out, and isLoggedIn is set to 0.`,
    },
    {
      what: (
        <>
          <code>{COOKIE.callbackUrl}</code>, <code>{COOKIE.cb}</code>
        </>
      ),
      why: 'The page you were on, so you return to it after signing in.',
      howLong: `${CALLBACK_COOKIE_HOURS} hours.`,
    },
    {
      what: (
        <>
          <code>{STORAGE.userToken}</code> (local storage)
        </>
      ),
      why: 'The same sign-in token, sent with each request to our services.',
      howLong: `Until you log out; it stops working after ${sessionDays} days.`,
    },
    {
      what: (
        <>
          <code>{STORAGE.userDetails}</code>, <code>{STORAGE.libraryDetails}</code>, <code>{STORAGE.expiration}</code> (local storage)
        </>
      ),
      why: 'Your name, email, mobile, account numbers and type; your library’s name and logos; when your access ends.',
      howLong: 'Until you log out.',
    },
    {
      what: (
        <>
          <code>{STORAGE.accessCheck}</code> (local storage)
        </>
      ),
      why: 'When your library access was last checked.',
      howLong: `Checked again after ${ACCESS_CHECK_HOURS} hours; removed when you log out.`,
    },
    {
      what: (
        <>
          <code>{STORAGE.favourites}</code>, <code>{STORAGE.filters}</code>, <code>{STORAGE.isGuest}</code> (local storage)
        </>
      ),
      why: 'Your favourites list, the filters you chose, and whether you read as a guest.',
      howLong: 'Until you log out.',
    },
    {
      what: (
        <>
          <code>{STORAGE.scrollPage}</code>, <code>{STORAGE.scrollPosition}</code> (local storage)
        </>
      ),
      why: 'Where you were in a long list, so going back puts you there again.',
      howLong: 'Until you clear this site’s data in your browser.',
    },
    {
      what: (
        <>
          <code>{STORAGE.guestId}</code> (local storage)
        </>
      ),
      why: 'The random number that makes this browser the same guest each time.',
      howLong: 'Until you clear this site’s data in your browser (logging out keeps it, so you stay the same guest).',
    },
  ];

  return (
    <HelpPage
      title="Privacy policy"
      intro="What this site keeps about you, where, why and for how long. We keep only what the reading service needs."
      meta={`Last updated ${PRIVACY_UPDATED}`}
      contents={SECTIONS}
    >
      <HelpSection id="summary" title="In short">
        <ul>
          <li>We keep your account, your library membership, your favourites and your place in what you read, for as long as your account exists.</li>
          <li>Help and contact requests are deleted {years(HELP_REQUEST_RETENTION_DAYS)} after they are sent.</li>
          <li>We do not sell your data, show advertising, or load other companies’ trackers or advertising cookies.</li>
          <li>Your library knows you are a member and until when; it does not see what you read.</li>
        </ul>
      </HelpSection>
      <HelpSection id="server" title="What we keep on our servers">
        <Table caption="Stored on our servers" head={['What', 'Why', 'How long']} rows={serverRows} />
        <p>
          Our logs record failures (which part of the site failed and why), not who you are or what you read.
        </p>
      </HelpSection>
      <HelpSection id="help-requests" title="Help and contact requests">
        <p>
          When you use <Link href="/helpsupport">Help &amp; support</Link> we keep your email address, name and message, and, if you were signed
          in, your account and library, so we can answer you. When you use <Link href="/contact-us">Contact us</Link> we keep your email address,
          name, message, organisation, designation and mobile number.
        </p>
        <p>
          Both are deleted {years(HELP_REQUEST_RETENTION_DAYS)} after they were sent: the site removes older requests each time a new one arrives.
          Ask us and we delete yours sooner.
        </p>
      </HelpSection>
      <HelpSection id="browser" title="What the site keeps in your browser">
        <p>
          These cookies and local storage values are needed for the site to work; none is for advertising or tracking. Logging out removes your
          sign-in and details; clearing this site’s data in your browser removes everything below.
        </p>
        <Table caption="Cookies and local storage" head={['Name', 'What it holds', 'How long']} rows={browserRows} />
      </HelpSection>
      <HelpSection id="sharing" title="Who sees it">
        <ul>
          <li>The people who run this site, to keep it working and to answer your requests.</li>
          <li>Your library or organisation: that you are a member, and until when. Not what you read.</li>
          {cardPayments ? <li>Stripe, when you pay by card: what you enter on its payment page.</li> : null}
          <li>No one else, unless the law requires it.</li>
        </ul>
      </HelpSection>
      <HelpSection id="rights" title="Your choices and rights">
        <p>
          You can ask for a copy of what we keep about you, ask us to correct it, or ask us to delete your account with your favourites, reading places
          and reading history. Write to us through <Link href="/helpsupport">Help &amp; support</Link>; we answer within a month. You can also
          complain to your data protection authority.
        </p>
      </HelpSection>
      <HelpSection id="contact" title="Questions">
        <p>
          Ask through <Link href="/helpsupport">Help &amp; support</Link>. Libraries and organisations: <Link href="/contact-us">Contact us</Link>.
        </p>
      </HelpSection>
      <MoreHelp except="/privacy-policy" />
    </HelpPage>
  );
}
