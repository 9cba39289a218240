import { useEffect, useRef, useState, type FormEvent } from 'react';
import useSWR from 'swr';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/forms/FormMessage';
import { TextField } from '@/components/forms/TextField';
import { useHydrated } from '@/hooks/useHydrated';
import { explain } from '@/services/account';
import { createAppPassword, listAppPasswords, revokeAppPassword } from '@/services/app-passwords';
import { theme } from '@/styles/theme';
import { Panel } from './DashboardLayout';

/**
 * My Account's app passwords: one per reading app (an OPDS app, KOReader), named by the member, shown once when made,
 * revoked at will. Also says where to point the apps (the catalogue and sync addresses) and the user name to type.
 */
export function AppPasswordsPanel() {
  const hydrated = useHydrated();
  const { data: list, error: loadError, mutate } = useSWR('user/appPasswords', listAppPasswords);
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<{ name: string; password: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const madeRef = useRef<HTMLDivElement>(null);
  const load = () => mutate();

  useEffect(() => {
    if (made) madeRef.current?.focus();
  }, [made]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setFieldError('Please name the app, like “KOReader on my Kobo”');
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      const answer = await createAppPassword(name.trim());
      setMade({ name: answer.appPassword.name, password: answer.appPassword.password });
      setName('');
      await load();
    } catch (caught) {
      setError(explain(caught, 'make an app password'));
    }
    setBusy(false);
  };

  const revoke = async (id: number, label: string) => {
    setError(null);
    try {
      await revokeAppPassword(id);
      setMade(null);
      await load();
    } catch (caught) {
      setError(explain(caught, `revoke “${label}”`));
    }
  };

  return (
    <Panel aria-labelledby="app-passwords-title">
      <h2 id="app-passwords-title">Reading apps</h2>
      <p>
        Read this library in an OPDS app (Panels, Chunky, KyBook, Thorium) or KOReader. Give each app its own app password, so you can
        end one without the others.
      </p>
      {list ? (
        <Facts>
          <div>
            <dt>User name</dt>
            <dd>
              <code>{list.login}</code>
            </dd>
          </div>
          {list.catalogues.map((catalogue) => (
            <div key={catalogue.libraryId}>
              <dt>Catalogue of {catalogue.name}</dt>
              <dd>
                <code>{catalogue.url}</code>
              </dd>
            </div>
          ))}
          <div>
            <dt>KOReader sync server</dt>
            <dd>
              <code>{list.syncServer}</code>
            </dd>
          </div>
        </Facts>
      ) : null}
      {made ? (
        <Made ref={madeRef} tabIndex={-1} role="status">
          <p>
            The app password for “{made.name}” is <code>{made.password}</code>. Type it into the app now: it is not shown again.
          </p>
        </Made>
      ) : null}
      <form noValidate onSubmit={(event) => void create(event)} aria-label="Make an app password">
        <TextField label="Name of the app" maxLength={60} value={name} error={fieldError} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" disabled={busy || !hydrated} aria-busy={busy}>
          {busy ? 'Making…' : 'Make an app password'}
        </Button>
      </form>
      <FormMessage tone="error">{error ?? (loadError ? explain(loadError, 'load your app passwords') : null)}</FormMessage>
      {list && list.passwords.length > 0 ? (
        <Passwords aria-label="Your app passwords">
          {list.passwords.map((password) => (
            <li key={password.id}>
              <span>
                <strong>{password.name}</strong> (ends in {password.hint}) · made {password.createdAt.slice(0, 10)}
                {password.lastUsedAt ? ` · last used ${password.lastUsedAt.slice(0, 10)}` : ' · not used yet'}
              </span>
              <Button type="button" $variant="secondary" onClick={() => void revoke(password.id, password.name)} aria-label={`Revoke ${password.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </Passwords>
      ) : null}
    </Panel>
  );
}

const Facts = styled.dl`
  margin: 0 0 ${theme.spacing.lg};

  > div {
    padding: ${theme.spacing.xs} 0;
  }

  dt {
    font-weight: ${theme.fontWeights.bold};
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Made = styled.div`
  margin-bottom: ${theme.spacing.lg};
  padding: ${theme.spacing.md};
  border: 1px solid ${theme.colors.border};

  code {
    font-size: 1.1em;
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Passwords = styled.ul`
  margin: ${theme.spacing.lg} 0 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing.md};
    align-items: center;
    justify-content: space-between;
    padding: ${theme.spacing.md} 0;
    border-bottom: 1px solid ${theme.colors.border};
  }
`;
