import Link from 'next/link';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { longDate } from '@/lib/dates';
import { PRIMARY_LINKS } from '@/lib/navigation';
import { theme } from '@/styles/theme';

export interface LoginThankYouScreenProps {
  firstName: string;
  libraryName: string;
  /** ISO time the membership ends. */
  accessUntil: string | null;
}

/** /login/thankyou: the end of a sign-in, for a member whose library access is in order. */
export function LoginThankYouScreen({ firstName, libraryName, accessUntil }: LoginThankYouScreenProps) {
  return (
    <Card aria-labelledby="thanks-title">
      <h1 id="thanks-title">{firstName ? `Welcome, ${firstName}` : 'Welcome'}</h1>
      <p>
        You’re signed in{libraryName ? ` with ${libraryName}` : ''}
        {accessUntil ? `, and you can read until ${longDate(accessUntil)}` : ''}. Thank you for reading with us.
      </p>
      <Actions>
        <Button as={Link} href="/">
          Start reading
        </Button>
      </Actions>
      <nav aria-label="Go straight to">
        <h2>Or go straight to</h2>
        <ul>
          {PRIMARY_LINKS.filter((link) => link.href !== '/').map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

export interface UploadIdThankYouScreenProps {
  signedIn: boolean;
  libraryName: string;
}

/** /uploadId/thankyou: after a person sends their library the ID document it asked for. */
export function UploadIdThankYouScreen({ signedIn, libraryName }: UploadIdThankYouScreenProps) {
  return (
    <Card aria-labelledby="thanks-title">
      <h1 id="thanks-title">Thank you, we’ve received your ID</h1>
      <p>
        {libraryName || 'Your library'} will check it, usually within two working days. Once your access is approved, sign in and start reading:
        there is nothing else you need to send.
      </p>
      <p>
        Your document is used only to confirm who you are. See the <Link href="/privacy-policy">privacy policy</Link> for what we keep.
      </p>
      <Actions>
        <Button as={Link} href={signedIn ? '/' : '/login'}>
          {signedIn ? 'Go to the home page' : 'Back to sign in'}
        </Button>
        <Button as={Link} href="/helpsupport" $variant="secondary">
          Ask for help
        </Button>
      </Actions>
    </Card>
  );
}

const Card = styled.section`
  width: calc(100% - 2 * ${theme.spacing.lg});
  max-width: 36rem;
  margin: ${theme.spacing.xxxl} auto;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  h1 {
    font-size: ${theme.fontSizes.xxl};
    margin-bottom: ${theme.spacing.md};
  }

  p + p {
    margin-top: ${theme.spacing.sm};
  }

  nav {
    margin-top: ${theme.spacing.xl};
  }

  h2 {
    font-size: ${theme.fontSizes.md};
    margin-bottom: ${theme.spacing.xs};
  }

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.xs} ${theme.spacing.lg};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  nav a {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    color: ${theme.colors.brand};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  margin-top: ${theme.spacing.xl};
`;
