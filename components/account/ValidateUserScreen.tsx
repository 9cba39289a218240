import Link from 'next/link';
import styled from 'styled-components';
import { RenewWithCard, type RenewOffer } from '@/components/payments/RenewWithCard';
import { Button } from '@/components/ui/Button';
import { logout } from '@/hooks/logout';
import { loadPage } from '@/hooks/page-load';
import { theme } from '@/styles/theme';

export interface ValidateUserScreenProps {
  type: 1 | 2;
  libraryName: string;
  helpEmail: string;
  /** Card renewal for an expired member, when this site takes cards; null otherwise. */
  renew?: RenewOffer | null;
}

/** /validate-user: type 1 (signed in but no library) and type 2 (membership expired). */
export function ValidateUserScreen({ type, libraryName, helpEmail, renew = null }: ValidateUserScreenProps) {
  const signOut = async () => {
    loadPage(await logout('/login'));
  };
  return (
    <Card aria-labelledby="validate-title">
      {type === 1 ? (
        <>
          <h1 id="validate-title">Your account is not linked to a library</h1>
          <p>You are signed in, but no library or organisation has given this account access to its reading collection yet.</p>
          <p>
            To start reading, sign in with the account your library knows, or <Link href="/accesscode">enter an access code</Link> your library gave you.
          </p>
        </>
      ) : (
        <>
          <h1 id="validate-title">Your library membership has expired</h1>
          <p>
            Your access through {libraryName || 'your library'} has ended. Please contact your organization to renew it; your favourites are kept and
            will be here when you return.
          </p>
          {renew ? <RenewWithCard offer={renew} /> : null}
        </>
      )}
      <Actions>
        <Button type="button" onClick={() => void signOut()}>
          Sign in with another account
        </Button>
        <Button as="a" $variant="secondary" href={`mailto:${helpEmail}`}>
          Contact your library
        </Button>
      </Actions>
      <p>
        Need help? See the <Link href="/faq">questions members ask</Link>.
      </p>
    </Card>
  );
}

const Card = styled.section`
  max-width: 36rem;
  margin: ${theme.spacing.xxxl} auto;
  padding: ${theme.spacing.xl};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  margin: ${theme.spacing.xl} 0;
`;
