import Link from 'next/link';
import styled from 'styled-components';
import { Field } from '@/components/forms/Field';
import { errorSummary, FormActions, FormBox, FormFailure, FormNote } from '@/components/forms/FormParts';
import { RequestSent } from '@/components/forms/RequestSent';
import { Button } from '@/components/ui/Button';
import { useHelpForm } from '@/hooks/useHelpForm';
import { useHydrated } from '@/hooks/useHydrated';
import { checkContactForm, CONTACT_FIELDS, type ContactForm } from '@/lib/help-forms';
import { sendContactRequest } from '@/services/help';
import { theme } from '@/styles/theme';
import { HelpPage, HelpSection, MoreHelp } from './HelpPage';

export interface ContactScreenProps {
  prefill: { name: string; email: string };
}

const ID = 'contact';

/** /contact-us: the contact form of SPEC §5, for libraries and organisations. */
export function ContactScreen({ prefill }: ContactScreenProps) {
  const hydrated = useHydrated();
  const initial: ContactForm = { emailId: prefill.email, userName: prefill.name, Message: '', institutionName: '', desigination: '', mobile: '' };
  const form = useHelpForm({ idPrefix: ID, initial, check: checkContactForm, send: sendContactRequest });
  const sending = form.status === 'sending';
  const field = (name: keyof ContactForm) => ({
    idPrefix: ID,
    name,
    label: CONTACT_FIELDS[name].label,
    maxLength: CONTACT_FIELDS[name].maxLength,
    value: form.values[name],
    error: form.errors[name],
    onChange: form.change,
  });

  return (
    <HelpPage
      title="Contact us"
      intro={
        <>
          For libraries, schools, colleges and organisations that want to give their members magazines, newspapers, journals and stories. Tell us
          about your organisation and we’ll be in touch. Already a member and need a hand? Use <Link href="/helpsupport">Help &amp; support</Link>.
        </>
      }
    >
      <HelpSection id="contact-form" title="Tell us about your organisation">
        {form.status === 'sent' && form.answer ? (
          <RequestSent
            title="Thank you, your message has been sent"
            message={form.answer.message}
            reference={form.answer.id}
            onAnother={form.reset}
            anotherLabel="Send another message"
          />
        ) : (
          <FormBox noValidate method="post" aria-label="Contact request" onSubmit={(event) => void form.submit(event)}>
            <FormNote>All fields are required.</FormNote>
            <Field {...field('emailId')} type="email" autoComplete="email" hint="We’ll reply to this address." />
            <Field {...field('userName')} autoComplete="name" />
            <Field {...field('institutionName')} autoComplete="organization" hint="The library, school or organisation you work for." />
            <Field {...field('desigination')} autoComplete="organization-title" hint="Your role, for example Head Librarian." />
            <Field {...field('mobile')} type="tel" inputMode="tel" autoComplete="tel" hint="With the country code, for example +44 20 7946 0018." />
            <Field {...field('Message')} multiline hint="How many members you have, and what you would like them to read." />
            {form.failure ? <FormFailure role="alert">{form.failure}</FormFailure> : null}
            <FormActions>
              <Button type="submit" disabled={sending || !hydrated} aria-busy={sending}>
                {sending ? 'Sending…' : 'Send message'}
              </Button>
              <span role="status">{errorSummary(form.errorCount)}</span>
            </FormActions>
          </FormBox>
        )}
        <Retention>
          We keep your message for 12 months so we can follow it up; the <Link href="/privacy-policy#help-requests">privacy policy</Link> says
          what we keep and why.
        </Retention>
      </HelpSection>
      <MoreHelp except="/contact-us" />
    </HelpPage>
  );
}

const Retention = styled.p`
  margin-top: ${theme.spacing.lg};
`;
