import Link from 'next/link';
import { Field } from '@/components/forms/Field';
import { errorSummary, FormActions, FormBox, FormFailure, FormNote } from '@/components/forms/FormParts';
import { RequestSent } from '@/components/forms/RequestSent';
import { Button } from '@/components/ui/Button';
import { useHelpForm } from '@/hooks/useHelpForm';
import { useHydrated } from '@/hooks/useHydrated';
import { checkSupportForm, SUPPORT_FIELDS, type SupportForm } from '@/lib/help-forms';
import { sendSupportRequest } from '@/services/help';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

export interface SupportScreenProps {
  /** The signed-in member's name and email, so they need not type them. */
  prefill: { name: string; email: string };
  libraryName: string;
  helpEmail: string;
}

const ID = 'support';

/** /helpsupport: the support form of SPEC §5, and the other ways to get help. */
export function SupportScreen({ prefill, libraryName, helpEmail }: SupportScreenProps) {
  const hydrated = useHydrated();
  const initial: SupportForm = { email: prefill.email, name: prefill.name, message: '' };
  const form = useHelpForm({ idPrefix: ID, initial, check: checkSupportForm, send: sendSupportRequest });
  const sending = form.status === 'sending';

  return (
    <HelpPage
      title="Help & support"
      intro={
        <>
          Something not working, or a question about {libraryName || 'your library'}’s reading service? Write to us and we’ll answer by email. Many
          answers are already in the <Link href="/faq">questions members ask</Link>.
        </>
      }
    >
      <HelpSection id="write-to-us" title="Write to us">
        {form.status === 'sent' && form.answer ? (
          <RequestSent
            title="Thank you, your request has been sent"
            message={form.answer.message}
            reference={form.answer.id}
            onAnother={form.reset}
            anotherLabel="Send another request"
          />
        ) : (
          <FormBox noValidate method="post" aria-label="Support request" onSubmit={(event) => void form.submit(event)}>
            <FormNote>All fields are required. Tell us what you were doing, what you expected and what happened instead.</FormNote>
            <Field
              idPrefix={ID}
              name="email"
              label={SUPPORT_FIELDS.email.label}
              type="email"
              autoComplete="email"
              hint="We’ll reply to this address."
              maxLength={SUPPORT_FIELDS.email.maxLength}
              value={form.values.email}
              error={form.errors.email}
              onChange={form.change}
            />
            <Field
              idPrefix={ID}
              name="name"
              label={SUPPORT_FIELDS.name.label}
              autoComplete="name"
              maxLength={SUPPORT_FIELDS.name.maxLength}
              value={form.values.name}
              error={form.errors.name}
              onChange={form.change}
            />
            <Field
              idPrefix={ID}
              name="message"
              label={SUPPORT_FIELDS.message.label}
              multiline
              maxLength={SUPPORT_FIELDS.message.maxLength}
              value={form.values.message}
              error={form.errors.message}
              onChange={form.change}
            />
            {form.failure ? <FormFailure role="alert">{form.failure}</FormFailure> : null}
            <FormActions>
              <Button type="submit" disabled={sending || !hydrated} aria-busy={sending}>
                {sending ? 'Sending…' : 'Send request'}
              </Button>
              <span role="status">{errorSummary(form.errorCount)}</span>
            </FormActions>
          </FormBox>
        )}
      </HelpSection>
      <HelpSection id="other-ways" title="Other ways to get help">
        <ul>
          <li>
            Email {libraryName || 'your library'} at <a href={`mailto:${helpEmail}`}>{helpEmail}</a>: the people there can also help with your
            membership, your library card and how long your access lasts.
          </li>
          <li>
            If you look after a library or organisation and want this service for your members, use the <Link href="/contact-us">contact form for
            organisations</Link>.
          </li>
        </ul>
        <p>
          We keep your request for 12 months so we can follow it up; the <Link href="/privacy-policy#help-requests">privacy policy</Link> says
          what we keep and why.
        </p>
      </HelpSection>
      <MoreHelp except="/helpsupport" />
    </HelpPage>
  );
}
