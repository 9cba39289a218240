import Link from 'next/link';
import { useState } from 'react';
import { NewPasswordFields } from '@/components/account/NewPasswordFields';
import { FormMessage } from '@/components/forms/FormMessage';
import { explain, managePassword } from '@/services/account';
import { DashboardLayout, Panel } from './DashboardLayout';

export interface ManagePasswordScreenProps {
  email: string;
  hasPassword: boolean;
}

/** /dashboard/manage-password: change the password (with the current one), or set a first one. */
export function ManagePasswordScreen({ email, hasPassword: initiallyHasPassword }: ManagePasswordScreenProps) {
  const [hasPassword, setHasPassword] = useState(initiallyHasPassword);
  const [saved, setSaved] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return (
    <DashboardLayout title="Manage Password" current="/dashboard/manage-password" showPassword={initiallyHasPassword}>
      <Panel aria-labelledby="password-title">
        <h2 id="password-title">{hasPassword ? 'Change your password' : 'Set a password'}</h2>
        {email ? (
          <>
            <p>You sign in with {email} and this password. Other ways in, like a code by email, keep working.</p>
            <FormMessage tone="info">{saved}</FormMessage>
            <NewPasswordFields
              key={round}
              askCurrent={hasPassword}
              submitLabel={hasPassword ? 'Change password' : 'Set password'}
              onSave={async (values) => {
                try {
                  const answer = await managePassword(values);
                  setSaved(answer.message);
                  setHasPassword(true);
                  // A fresh, empty form: the saved password is not left in the fields.
                  setRound((n) => n + 1);
                  return { error: null };
                } catch (caught) {
                  return { error: explain(caught, 'save your password'), field: (caught as { field?: string | null }).field ?? null };
                }
              }}
            />
          </>
        ) : (
          <p>
            Passwords go with an email address, and your account has none yet. <Link href="/login/email?link=1">Add an email address</Link> first.
          </p>
        )}
      </Panel>
    </DashboardLayout>
  );
}
