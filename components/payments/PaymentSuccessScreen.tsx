import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { longDate } from '@/lib/dates';
import { ApiError } from '@/services/http';
import { confirmOrder } from '@/services/payments';
import { saveSession } from '@/lib/stored-session';
import { PaymentResult, ResultActions } from './PaymentResult';

export interface PaymentSuccessScreenProps {
  /** The provider's checkout id from the return address, or null. */
  order: string | null;
  signedIn: boolean;
}

type State =
  | { kind: 'confirming' }
  | { kind: 'done'; accessUntil: string }
  | { kind: 'unpaid' }
  | { kind: 'missing' }
  | { kind: 'sign-in' }
  | { kind: 'failed'; message: string };

function initialState({ order, signedIn }: PaymentSuccessScreenProps): State {
  if (!order) return { kind: 'missing' };
  if (!signedIn) return { kind: 'sign-in' };
  return { kind: 'confirming' };
}

/**
 * /paymentsuccess: the provider sends the member back here after paying. The server asks the provider whether the
 * payment went through (order, type 3) before extending access; this screen only shows the outcome.
 */
export function PaymentSuccessScreen(props: PaymentSuccessScreenProps) {
  const [state, setState] = useState<State>(() => initialState(props));
  const asked = useRef(false);
  const { order } = props;

  useEffect(() => {
    if (state.kind !== 'confirming' || !order || asked.current) return;
    asked.current = true;
    confirmOrder(order).then(
      (answer) => {
        saveSession(answer);
        setState({ kind: 'done', accessUntil: answer.accessUntil });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 402) setState({ kind: 'unpaid' });
        else if (error instanceof ApiError && error.status === 401) setState({ kind: 'sign-in' });
        else if (error instanceof ApiError && error.status === 404) setState({ kind: 'missing' });
        else setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'Network Error' });
      },
    );
  }, [state.kind, order]);

  // An outcome that arrives after confirming is announced by moving focus to its heading.
  const wasConfirming = useRef(state.kind === 'confirming');
  useEffect(() => {
    if (state.kind === 'confirming' || !wasConfirming.current) return;
    wasConfirming.current = false;
    document.getElementById('payment-title')?.focus();
  }, [state.kind]);

  switch (state.kind) {
    case 'confirming':
      return (
        <PaymentResult title="Confirming your payment…">
          <p role="status">We are checking with the payment provider. This takes a few seconds; please keep this page open.</p>
        </PaymentResult>
      );
    case 'done':
      return (
        <PaymentResult title="Payment received, thank you" tone="good">
          <p>Your access has been extended. You can read until {longDate(state.accessUntil)}.</p>
          <ResultActions>
            {/* A plain link, so a full load: the session changed, and every page must be asked for again. */}
            <Button as="a" href="/">
              Start reading
            </Button>
          </ResultActions>
        </PaymentResult>
      );
    case 'unpaid':
      return (
        <PaymentResult title="Your payment has not been completed" tone="bad">
          <p>The payment provider has not confirmed this payment, so your access has not changed. If you closed the payment page early, try again.</p>
          <ResultActions>
            <Button as={Link} href="/validate-user?type=2">
              Try again
            </Button>
            <Button as={Link} href="/helpsupport" $variant="secondary">
              Ask for help
            </Button>
          </ResultActions>
        </PaymentResult>
      );
    case 'sign-in':
      return (
        <PaymentResult title="Sign in to finish">
          <p>Sign in with the account you paid from, then come back to this page: your payment is safe, and the days are added as soon as you do.</p>
          <ResultActions>
            <Button as={Link} href="/login">
              Sign in
            </Button>
          </ResultActions>
        </PaymentResult>
      );
    case 'missing':
      return (
        <PaymentResult title="We couldn’t find this payment">
          <p>This address does not name a payment of yours. If money was taken from your card, write to us with the date and amount and we will put it right.</p>
          <ResultActions>
            <Button as={Link} href="/helpsupport">
              Ask for help
            </Button>
            <Button as={Link} href="/" $variant="secondary">
              Go to the home page
            </Button>
          </ResultActions>
        </PaymentResult>
      );
    case 'failed':
      return (
        <PaymentResult title="We couldn’t confirm your payment yet" tone="bad">
          <p>Something went wrong while we checked your payment ({state.message}). Nothing is lost: try again in a moment.</p>
          <ResultActions>
            <Button type="button" onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button as={Link} href="/helpsupport" $variant="secondary">
              Ask for help
            </Button>
          </ResultActions>
        </PaymentResult>
      );
  }
}
