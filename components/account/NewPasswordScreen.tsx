import Link from 'next/link';
import { Button } from '@/components/ui/Button';
import { explain, managePassword } from '@/services/account';
import { loadPage } from '@/hooks/page-load';
import { useSessionItem } from '@/hooks/useSessionItem';
import { forgetPasswordGrant, NEW_PASSWORD_GRANT, nextPathForStoredSession } from '@/lib/sign-in-steps';
import { AuthCard } from './AuthCard';
import { NewPasswordFields } from './NewPasswordFields';

export interface NewPasswordScreenProps {
  signedIn: boolean;
  email: string;
  hasPassword: boolean;
}

/** /login/newpassword: after a verified code, a new password without the old one. */
export function NewPasswordScreen({ signedIn, email, hasPassword }: NewPasswordScreenProps) {
  // undefined until read: the grant lives in this tab's session storage, which the server cannot see.
  const grant = useSessionItem(NEW_PASSWORD_GRANT);
  if (!signedIn) {
    return (
      <AuthCard title="Set a new password" lead="First we need to check it is you: we will email you a code.">
        <Button as={Link} href="/login/email">
          Enter your email address
        </Button>
      </AuthCard>
    );
  }
  const needsCurrent = hasPassword && grant === null;
  return (
    <AuthCard
      title="Set a new password"
      lead={email ? `For ${email}. You will use it with this email address to sign in.` : undefined}
      footer={
        <p>
          <Link href="/">Skip for now</Link>
        </p>
      }
    >
      <NewPasswordFields
        askCurrent={needsCurrent}
        submitLabel="Save password"
        onSave={async ({ password, currentPassword }) => {
          try {
            await managePassword({ password, currentPassword, passwordToken: grant ?? undefined });
            forgetPasswordGrant();
            loadPage(nextPathForStoredSession());
            return { error: null };
          } catch (caught) {
            return { error: explain(caught, 'save your password'), field: (caught as { field?: string | null }).field ?? null };
          }
        }}
      />
    </AuthCard>
  );
}
