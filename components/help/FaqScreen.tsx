import Link from 'next/link';
import type { ReactNode } from 'react';
import { EXPIRED_POPUP } from '@/lib/constants';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

export interface FaqScreenProps {
  /** How long a sign-in lasts before the site asks again. */
  sessionDays: number;
  /** Whether this site sells access by card (Stripe configured). */
  cardPayments: boolean;
}

interface Topic {
  id: string;
  title: string;
  questions: { q: string; a: ReactNode }[];
}

function topics({ sessionDays, cardPayments }: FaqScreenProps): Topic[] {
  return [
    {
      id: 'signing-in',
      title: 'Signing in',
      questions: [
        {
          q: 'How do I sign in?',
          a: (
            <>
              <p>
                Go to <Link href="/login">Sign in</Link> and use the way your library or organisation gave you: your email address, your mobile number,
                your library card, or your organisation’s own sign-in. If your library lets visitors read as guests, you will also see{' '}
                <strong>Continue as guest</strong>.
              </p>
            </>
          ),
        },
        {
          q: 'What is a guest?',
          a: (
            <p>
              A guest reads without an account, for as long as the library allows (usually 30 days). The site remembers your browser with a random
              number, so you come back as the same guest on the same device; there is no name, email or phone number behind it. Favourites made as a
              guest stay on that guest, so sign in with your library account if you want them everywhere.
            </p>
          ),
        },
        {
          q: 'Why am I asked to sign in again?',
          a: (
            <p>
              A sign-in lasts {sessionDays} days on a device, or until you log out. After that, or after you clear your browser’s data, sign in again;
              your favourites are kept with your account.
            </p>
          ),
        },
        {
          q: 'It says my account is not linked to a library. What now?',
          a: (
            <p>
              You are signed in, but no library or organisation has given this account access yet. Sign in with the account your library knows (for
              example the email address you gave them), or ask your library for an access code.
            </p>
          ),
        },
      ],
    },
    {
      id: 'reading',
      title: 'Reading',
      questions: [
        {
          q: 'How do I read a magazine or newspaper?',
          a: (
            <p>
              Open a title, choose an issue and select <strong>Read</strong>. The issue opens in the reader in a new tab, so the page you came from stays
              where you left it. If your browser blocks new tabs, the reader opens in the same tab instead; use your browser’s back button to return.
            </p>
          ),
        },
        {
          q: 'What can I read?',
          a: (
            <p>
              Magazines, newspapers, journals and stories in more than 40 categories and 60 languages. Your library decides which of these its members
              see: some libraries do not offer newspapers or journals, some hide whole categories, and school libraries usually set an age rating that
              keeps content suitable for their readers.
            </p>
          ),
        },
        {
          q: 'Which devices can I read on?',
          a: (
            <p>
              Any phone, tablet or computer with an up-to-date web browser. There is nothing to install. You need an internet connection while you
              read.
            </p>
          ),
        },
        {
          q: 'Can I find a word printed inside an issue?',
          a: (
            <p>
              Yes. Search looks in magazine names and in the text of the pages, and shows the pages where your words appear, with the words
              highlighted.
            </p>
          ),
        },
      ],
    },
    {
      id: 'favourites',
      title: 'Favourites',
      questions: [
        {
          q: 'How do I keep a magazine as a favourite?',
          a: (
            <p>
              Use the favourite button on a magazine’s page. Your favourites are listed under <strong>My Favorites</strong> in the profile menu; use
              the same button again to remove one.
            </p>
          ),
        },
        {
          q: 'Are my favourites kept when my membership ends?',
          a: <p>Yes. They are kept with your account and are there again when your access is renewed.</p>,
        },
      ],
    },
    {
      id: 'expiry',
      title: 'When access ends',
      questions: [
        {
          q: 'Why does it say “Oops! Your subscription has expired”?',
          a: (
            <p>
              Your access through your library has an end date, set by the library. When it has passed you will see “{EXPIRED_POPUP.title}” and
              can no longer open issues. {EXPIRED_POPUP.text}
            </p>
          ),
        },
        {
          q: 'How do I renew?',
          a: cardPayments ? (
            <p>
              Ask your library or organisation to renew your membership. Where the library allows it, you can also renew yourself: after signing in you
              will see <strong>Renew with a card</strong>, which adds the days of the plan to your access as soon as the payment is confirmed.
            </p>
          ) : (
            <p>
              Ask your library or organisation to renew your membership. As soon as they do, sign in again and you can read straight away. This site
              does not take payments.
            </p>
          ),
        },
      ],
    },
    {
      id: 'languages',
      title: 'Languages',
      questions: [
        {
          q: 'How do I read in my language?',
          a: (
            <p>
              Category pages list titles by language: choose <strong>All Languages</strong> or a language such as English, Spanish, Bengali, Gujarati,
              Hindi, Malayalam, Tamil or Telugu. Search also finds titles in every language your library offers.
            </p>
          ),
        },
      ],
    },
    {
      id: 'translation',
      title: 'Translation',
      questions: [
        {
          q: 'Can I read a story in another language?',
          a: (
            <p>
              Many stories offer a translation: choose the language on the story and the text is shown in it. Translations are made automatically, so
              names and expressions are sometimes rendered oddly; the original story is always one click away and is the one the publisher stands
              behind.
            </p>
          ),
        },
      ],
    },
    {
      id: 'privacy',
      title: 'Privacy',
      questions: [
        {
          q: 'What does the site know about me?',
          a: (
            <p>
              What you need to read: your name and contact details if your library gave them, which library you read through and until when, your
              favourites, and the last page you read in an issue. The <Link href="/privacy-policy">privacy policy</Link> lists everything we keep, in
              your browser and on our servers, and for how long.
            </p>
          ),
        },
        {
          q: 'Does my library see what I read?',
          a: (
            <p>
              No. Your library knows you are a member and until when. What you read is used only to show you your place and to suggest stories to
              you.
            </p>
          ),
        },
        {
          q: 'How do I log out on a shared computer?',
          a: (
            <p>
              Open the profile menu and choose <strong>Logout</strong>. This removes your sign-in, your details and your favourites list from that
              browser.
            </p>
          ),
        },
      ],
    },
    {
      id: 'more-help',
      title: 'Still stuck?',
      questions: [
        {
          q: 'Who can help me?',
          a: (
            <p>
              Write to us through <Link href="/helpsupport">Help &amp; support</Link> and we will answer by email. If you run a library or organisation
              and want this service for your members, use <Link href="/contact-us">Contact us</Link>.
            </p>
          ),
        },
      ],
    },
  ];
}

/** /faq: what members ask, grouped by topic. */
export function FaqScreen(props: FaqScreenProps) {
  const list = topics(props);
  return (
    <HelpPage
      title="Frequently asked questions"
      intro="Answers to what members ask most: signing in, reading, favourites, when access ends, languages, translation and privacy."
      contents={list.map((topic) => ({ id: topic.id, label: topic.title }))}
    >
      {list.map((topic) => (
        <HelpSection key={topic.id} id={topic.id} title={topic.title}>
          {topic.questions.map((item) => (
            <div key={item.q}>
              <h3>{item.q}</h3>
              {item.a}
            </div>
          ))}
        </HelpSection>
      ))}
      <MoreHelp except="/faq" />
    </HelpPage>
  );
}
