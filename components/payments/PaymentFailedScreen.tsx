import Link from 'next/link';
import { Button } from '@/components/ui/Button';
import { PaymentResult, ResultActions } from './PaymentResult';

export interface PaymentFailedScreenProps {
  /** A signed-in member on a site that takes cards can try again. */
  canRetry: boolean;
}

/** /paymentfailed: the provider sends the member here when they leave its payment page without paying. */
export function PaymentFailedScreen({ canRetry }: PaymentFailedScreenProps) {
  return (
    <PaymentResult title="Your payment did not go through" tone="bad">
      <p>You have not been charged, and your access has not changed.</p>
      <p>If your card was declined, you can try another card, or ask your library or organisation to renew your membership.</p>
      <ResultActions>
        {canRetry ? (
          <Button as={Link} href="/validate-user?type=2">
            Try again
          </Button>
        ) : null}
        <Button as={Link} href="/helpsupport" $variant={canRetry ? 'secondary' : 'primary'}>
          Ask for help
        </Button>
        <Button as={Link} href="/" $variant="secondary">
          Go to the home page
        </Button>
      </ResultActions>
    </PaymentResult>
  );
}
