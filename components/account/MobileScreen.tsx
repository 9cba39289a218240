import Link from 'next/link';
import Router from 'next/router';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { Field, Input, Label } from '@/components/forms/TextField';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { useHydrated } from '@/hooks/useHydrated';
import { DEFAULT_COUNTRY_CODE, MOBILE_MESSAGES, toE164, type CountryCode } from '@/lib/country-codes';
import { toBase64 } from '@/lib/email';
import { explain, sendOtp } from '@/services/account';
import { withParams } from '@/services/keys';
import { theme } from '@/styles/theme';
import { Actions, AuthCard } from './AuthCard';

export interface MobileScreenProps {
  countries: CountryCode[];
  libid: number | null;
  link: boolean;
}

/** /login/linkmobile: a country code (with its flag) and a number; a code by text message follows. */
export function MobileScreen({ countries, libid, link }: MobileScreenProps) {
  const hydrated = useHydrated();
  const id = useId();
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const country = fieldValue(event.currentTarget, 'country');
    const number = fieldValue(event.currentTarget, 'mobile');
    const chosen = countries.find((c) => c.iso === country) ?? DEFAULT_COUNTRY_CODE;
    const digits = number.replace(/\D/g, '').replace(/^0+/, '');
    if (!toE164(chosen.mobileCode, number)) {
      setFieldError(MOBILE_MESSAGES.invalid);
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    const next = { cc: chosen.mobileCode, m: toBase64(digits), lib: libid ?? undefined, link: link ? 1 : undefined };
    try {
      await sendOtp({ mobile: digits, cc: chosen.mobileCode }, link ? undefined : (libid ?? undefined));
      await Router.push(withParams('/login/verify/mobileotp', { ...next, sent: 1 }));
      return;
    } catch (caught) {
      if ((caught as { status?: number }).status === 429 && /^Please wait/.test(explain(caught))) {
        await Router.push(withParams('/login/verify/mobileotp', next));
        return;
      }
      setError(explain(caught, 'send the code'));
    }
    setBusy(false);
  };

  const errorId = `${id}-error`;
  return (
    <AuthCard
      title={link ? 'Add a mobile number' : 'Continue with mobile number'}
      lead="We will text you a code to check the number is yours."
      footer={
        <p>
          <Link href={link ? '/dashboard/myAccount' : '/login'}>{link ? 'Back to my account' : 'Other ways to sign in'}</Link>
        </p>
      }
    >
      <form noValidate onSubmit={(event) => void send(event)}>
        <Row>
          <Field>
            <Label htmlFor={`${id}-country`}>Country code</Label>
            <Select id={`${id}-country`} name="country" autoComplete="tel-country-code" defaultValue={DEFAULT_COUNTRY_CODE.iso}>
              {countries.map((c) => (
                <option key={c.iso} value={c.iso}>
                  {`${c.flag} ${c.name} (${c.mobileCode})`}
                </option>
              ))}
            </Select>
          </Field>
          <Field>
            <Label htmlFor={`${id}-number`}>Mobile number</Label>
            <Input
              id={`${id}-number`}
              type="tel"
              name="mobile"
              autoComplete="tel-national"
              inputMode="tel"
              required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              $invalid={Boolean(fieldError)}
            />
            {fieldError ? <ErrorText id={errorId}>{fieldError}</ErrorText> : null}
          </Field>
        </Row>
        <FormMessage tone="error">{error}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Sending…' : 'Text me a code'}
          </Button>
        </Actions>
      </form>
    </AuthCard>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 0 ${theme.spacing.md};
`;

const Select = styled.select`
  width: 100%;
  min-height: ${theme.sizes.tapTarget};
  padding: ${theme.spacing.sm} ${theme.spacing.md};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;
