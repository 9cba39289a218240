import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { fieldValue } from '@/components/forms/form-values';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain, linkAccount, sendOtp, verifyOtp, type Address } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { finishSignIn, keepPasswordGrant } from '@/lib/sign-in-steps';
import { saveSession } from '@/lib/stored-session';
import { theme } from '@/styles/theme';
import { Actions, AuthCard } from './AuthCard';

export interface OtpScreenProps {
  channel: 'email' | 'mobile';
  /** The address as the API takes it; null when the page was opened without a valid one. */
  address: Address | null;
  /** How the address is shown: the email, or the number with its country code. */
  shownAs: string;
  libid: number | null;
  link: boolean;
  /** 'newpassword': the person forgot their password and sets a new one after this code. */
  next: 'newpassword' | null;
  /** Seconds until a new code may be asked for (30 when one was just sent). */
  resendAfter: number;
}

const RESEND_SECONDS = 30;

/** /login/verify/emailotp and /login/verify/mobileotp: the six digits, a new code after 30 seconds. */
export function OtpScreen({ channel, address, shownAs, libid, link, next, resendAfter }: OtpScreenProps) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(resendAfter);
  const startPath = channel === 'email' ? '/login/email' : '/login/linkmobile';

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  if (!address) {
    return (
      <AuthCard title="Let’s start again" lead="This page needs the address the code was sent to.">
        <Button as={Link} href={startPath}>
          {channel === 'email' ? 'Enter your email address' : 'Enter your mobile number'}
        </Button>
      </AuthCard>
    );
  }

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const code = fieldValue(form, 'otp').replace(/\D/g, '');
    if (!/^\d{6}$/.test(code)) {
      setFieldError('Please enter the 6-digit code we sent you');
      return;
    }
    setFieldError(null);
    setError(null);
    setInfo(null);
    setBusy(true);
    try {
      if (link) {
        await linkAccount(address, code);
        loadPage('/dashboard/myAccount');
        return;
      }
      const answer = await verifyOtp(address, code, libid ?? undefined);
      if (next === 'newpassword') {
        saveSession(answer);
        keepPasswordGrant(answer.passwordToken);
        loadPage('/login/newpassword');
        return;
      }
      // A full load: the session changed, so every page must come from the server again.
      loadPage(finishSignIn(answer));
      return;
    } catch (caught) {
      setError(explain(caught, 'check the code'));
    }
    setBusy(false);
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    try {
      const sent = await sendOtp(address);
      setWait(sent.resendAfter || RESEND_SECONDS);
      setInfo(channel === 'email' ? 'We have emailed you a new code. The earlier one no longer works.' : 'We have sent you a new code. The earlier one no longer works.');
      form.current?.reset();
    } catch (caught) {
      setError(explain(caught, 'send a new code'));
    }
  };

  return (
    <AuthCard
      title={channel === 'email' ? 'Check your email' : 'Check your phone'}
      lead={
        <>
          We sent a 6-digit code to <strong>{shownAs}</strong>. It works once, for 10 minutes.
        </>
      }
      footer={
        <p>
          <Link href={startPath}>{channel === 'email' ? 'Use a different email address' : 'Use a different number'}</Link>
        </p>
      }
    >
      <form ref={form} noValidate onSubmit={(event) => void verify(event)}>
        <TextField
          label="Sign-in code"
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          error={fieldError}
        />
        <FormMessage tone="error">{error}</FormMessage>
        <FormMessage tone="info">{info}</FormMessage>
        <Actions>
          <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Checking…' : link ? 'Add to my account' : 'Sign in'}
          </Button>
          <Button type="button" $variant="secondary" disabled={wait > 0 || !hydrated} onClick={() => void resend()}>
            Send a new code
          </Button>
        </Actions>
        {wait > 0 ? <Wait>You can ask for a new code in {wait} seconds.</Wait> : null}
      </form>
    </AuthCard>
  );
}

const Wait = styled.p`
  color: ${theme.colors.muted};
  font-size: ${theme.fontSizes.sm};
`;
