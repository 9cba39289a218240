import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import type { AccountSummary } from '@/lib/wire';
import { explain, updateProfile } from '@/services/account';
import { storeName } from '@/lib/sign-in-steps';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { DashboardLayout, Panel } from './DashboardLayout';

/**
 * The app passwords panel loads after the page (its form, list and data hooks are 6 kB gzip): the route's first load
 * stays within the 150 kB budget. Its heading shows at once, so the page does not jump when it arrives.
 */
const AppPasswordsPanel = dynamic(() => import('./AppPasswordsPanel').then((module) => module.AppPasswordsPanel), {
  ssr: false,
  loading: () => (
    <Panel aria-labelledby="app-passwords-title">
      <h2 id="app-passwords-title">Reading apps</h2>
      <p role="status">Loading your reading apps…</p>
    </Panel>
  ),
});

export interface MyAccountScreenProps {
  account: AccountSummary;
}

/** /dashboard/myAccount: name (editable), email, mobile, library and membership end. */
export function MyAccountScreen({ account }: MyAccountScreenProps) {
  const hydrated = useHydrated();
  const [names, setNames] = useState({ first: account.firstName, last: account.lastName });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(names);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fullName = [names.first, names.last].filter(Boolean).join(' ');
  const firstNameRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus follows the change: into the form when it opens, back to its button when it closes.
  useEffect(() => {
    if (editing) firstNameRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.first.trim()) {
      setFieldError('Please enter your first name');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const answer = await updateProfile(draft.first.trim(), draft.last.trim());
      setNames({ first: answer.fname, last: answer.lname });
      storeName(answer.fname, answer.lname);
      setEditing(false);
      setSaved(answer.message);
    } catch (caught) {
      setError(explain(caught, 'save your name'));
    }
    setBusy(false);
  };

  return (
    <DashboardLayout title="My Account" current="/dashboard/myAccount" showPassword={account.hasPassword}>
      <Panel aria-labelledby="details-title">
        <h2 id="details-title">Your details</h2>
        <FormMessage tone="info">{saved}</FormMessage>
        {editing ? (
          <form noValidate onSubmit={(event) => void save(event)} aria-label="Edit your name">
            <TextField
              ref={firstNameRef}
              label="First name"
              autoComplete="given-name"
              required
              maxLength={60}
              value={draft.first}
              error={fieldError}
              onChange={(event) => setDraft({ ...draft, first: event.target.value })}
            />
            <TextField label="Last name" autoComplete="family-name" maxLength={60} value={draft.last} onChange={(event) => setDraft({ ...draft, last: event.target.value })} />
            <FormMessage tone="error">{error}</FormMessage>
            <Row>
              <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
                {busy ? 'Saving…' : 'Save name'}
              </Button>
              <Button type="button" $variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Row>
          </form>
        ) : null}
        <Details>
          {editing ? null : (
            <div>
              <dt>Name</dt>
              <dd>
                <span>{fullName || 'Not given yet'}</span>
                <TextButton
                  ref={editButtonRef}
                  type="button"
                  disabled={!hydrated}
                  onClick={() => {
                    setDraft(names);
                    setSaved(null);
                    setEditing(true);
                  }}
                >
                  Edit name
                </TextButton>
              </dd>
            </div>
          )}
          <div>
            <dt>Email</dt>
            <dd>
              {account.email ? <span>{account.email}</span> : <Link href="/login/email?link=1">Add an email address</Link>}
            </dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>
              {account.mobile ? <span>{account.mobile}</span> : <Link href="/login/linkmobile?link=1">Add a mobile number</Link>}
            </dd>
          </div>
          <div>
            <dt>Library</dt>
            <dd>{account.libraryName || 'None yet'}</dd>
          </div>
          <div>
            <dt>Membership ends</dt>
            <dd>{account.membershipEnds || '—'}</dd>
          </div>
          {account.email ? (
            <div>
              <dt>Password</dt>
              <dd>
                <Link href="/dashboard/manage-password">{account.hasPassword ? 'Change your password' : 'Set a password'}</Link>
              </dd>
            </div>
          ) : null}
        </Details>
      </Panel>
      <AppPasswordsPanel />
      <p>
        <Link href="/accesscode">Join another library with an access code</Link>
      </p>
    </DashboardLayout>
  );
}

const Details = styled.dl`
  margin: 0;

  > div {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.spacing.xs};
    padding: ${theme.spacing.md} 0;
    border-bottom: 1px solid ${theme.colors.border};

    ${media.up('sm')} {
      grid-template-columns: 10rem minmax(0, 1fr);
    }
  }

  dt {
    font-weight: ${theme.fontWeights.bold};
  }

  dd {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.md};
    align-items: baseline;
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const TextButton = styled.button`
  min-height: 32px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.brand};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  margin-bottom: ${theme.spacing.lg};
`;
