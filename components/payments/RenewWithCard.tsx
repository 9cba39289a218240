import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/hooks/useHydrated';
import { ApiError } from '@/services/http';
import { checkout } from '@/services/payments';
import { theme } from '@/styles/theme';

export interface RenewOffer {
  planName: string;
  days: number;
  /** Formatted, e.g. 'US$4.99'. */
  price: string;
}

/** 'Renew with a card': starts the provider's checkout for the basic plan and goes there to pay. */
export function RenewWithCard({ offer }: { offer: RenewOffer }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await checkout('basicPlan');
      // The provider's payment page; it sends the member back to /paymentsuccess or /paymentfailed.
      window.location.assign(url);
    } catch (caught) {
      // The service's own words are written for people; otherwise the spec's error text (SPEC §8) in a sentence.
      const said = caught instanceof ApiError ? caught.serverMessage : null;
      setError(said ? `We could not start the payment. ${said}` : `We could not start the payment (${caught instanceof ApiError ? caught.message : 'Network Error'}). Please try again.`);
      setBusy(false);
    }
  };

  return (
    <Offer aria-labelledby="renew-title">
      <h2 id="renew-title">Renew it yourself</h2>
      <p>
        The {offer.planName} adds {offer.days} days of reading for {offer.price}. You pay on Stripe’s secure page; we never see your card.
      </p>
      <Button type="button" onClick={() => void start()} disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? 'Opening the payment page…' : 'Renew with a card'}
      </Button>
      {error ? <Failure role="alert">{error}</Failure> : null}
    </Offer>
  );
}

const Offer = styled.section`
  margin: ${theme.spacing.xl} 0;
  padding: ${theme.spacing.xl};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceAlt};

  h2 {
    font-size: ${theme.fontSizes.lg};
    margin-bottom: ${theme.spacing.sm};
  }

  p {
    margin-bottom: ${theme.spacing.lg};
  }
`;

const Failure = styled.p`
  margin-top: ${theme.spacing.md};
  color: ${theme.colors.danger};
  font-weight: ${theme.fontWeights.bold};
`;
