import Link from 'next/link';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

const TERMS_UPDATED = '1 December 2026';

export interface TermsScreenProps {
  /** The plan sold by card, when this site takes card payments. */
  plan: { name: string; days: number; price: string } | null;
}

const SECTIONS = [
  { id: 'service', label: 'The service' },
  { id: 'access', label: 'Who may use it' },
  { id: 'use', label: 'Using the content' },
  { id: 'accounts', label: 'Your account' },
  { id: 'payments', label: 'Payments' },
  { id: 'availability', label: 'Availability and changes' },
  { id: 'liability', label: 'Our responsibility' },
  { id: 'ending', label: 'When access ends' },
  { id: 'contact', label: 'Questions' },
];

/** /terms-and-conditions: the terms of the reading service, in plain words. */
export function TermsScreen({ plan }: TermsScreenProps) {
  return (
    <HelpPage
      title="Terms and conditions"
      intro="The rules for reading through Library Reader, in plain words. By signing in or reading as a guest you agree to them."
      meta={`Last updated ${TERMS_UPDATED}`}
      contents={SECTIONS}
    >
      <HelpSection id="service" title="The service">
        <p>
          Library Reader lets members of libraries and organisations read magazines, newspapers, journals and stories in a web browser. The library
          or organisation you read through (“your library”) pays for and manages your access; we run the site for it.
        </p>
      </HelpSection>
      <HelpSection id="access" title="Who may use it">
        <ul>
          <li>Members of a library or organisation that offers this service, for as long as that library gives them access.</li>
          <li>Guests, where a library allows them, for the period it sets.</li>
          <li>
            Your library may limit what you see: for example no newspapers or journals, hidden categories, or an age rating. These limits apply on
            every device you use.
          </li>
        </ul>
      </HelpSection>
      <HelpSection id="use" title="Using the content">
        <p>The magazines, newspapers, journals and stories belong to their publishers. Your access is for your own reading. You may not:</p>
        <ul>
          <li>copy, download in bulk, print for others, sell or publish the content, or remove the publishers’ names from it;</li>
          <li>share your sign-in or let others read through your account;</li>
          <li>use programs to collect content or to sign in, or try to get round the limits your library sets;</li>
          <li>use the site in a way that harms it or other readers.</li>
        </ul>
        <p>
          Quoting a short passage with its source, for study, criticism or news, is fine. Translations of stories are made automatically and are
          offered as a help; the original text is the one that counts.
        </p>
      </HelpSection>
      <HelpSection id="accounts" title="Your account">
        <p>
          Keep your sign-in details to yourself and log out on shared devices. Tell us through <Link href="/helpsupport">Help &amp; support</Link> if
          you think someone else has used your account. We may end a session or suspend an account that is being misused, and tell your library
          why.
        </p>
      </HelpSection>
      <HelpSection id="payments" title="Payments">
        {plan ? (
          <>
            <p>
              Where it is offered, you can renew your own access by card: the {plan.name} costs {plan.price} and adds {plan.days} days of reading
              to your access through your library, counted from today or from the end of your current access if that is later. Your access is
              extended as soon as the payment provider (Stripe) confirms the payment.
            </p>
            <p>
              Your card details go straight to Stripe; we never see or keep them. If a payment is taken but your access is not extended, write to us
              through <Link href="/helpsupport">Help &amp; support</Link> with the date and amount and we will put it right or refund it.
            </p>
          </>
        ) : (
          <p>This site does not take payments. Your library pays for your access.</p>
        )}
      </HelpSection>
      <HelpSection id="availability" title="Availability and changes">
        <p>
          We work to keep the site running at all hours, but it may be unavailable for maintenance or for reasons outside our control. Publishers
          add and remove titles and issues, so the collection changes over time. We may change these terms; the date at the top shows when they last
          changed.
        </p>
      </HelpSection>
      <HelpSection id="liability" title="Our responsibility">
        <p>
          The content is provided as the publishers print it; we are not responsible for what it says. Nothing in these terms limits rights you have
          by law as a consumer.
        </p>
      </HelpSection>
      <HelpSection id="ending" title="When access ends">
        <p>
          Your access ends on the date your library sets, or when your library stops offering the service. You can stop using the site at any time;
          to have your account deleted, ask through <Link href="/helpsupport">Help &amp; support</Link>. The{' '}
          <Link href="/privacy-policy">privacy policy</Link> says what happens to your data.
        </p>
      </HelpSection>
      <HelpSection id="contact" title="Questions">
        <p>
          Members: <Link href="/helpsupport">Help &amp; support</Link>. Libraries and organisations: <Link href="/contact-us">Contact us</Link>.
        </p>
      </HelpSection>
      <MoreHelp except="/terms-and-conditions" />
    </HelpPage>
  );
}
