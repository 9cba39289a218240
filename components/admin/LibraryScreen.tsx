import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { imageSet } from '@/lib/media';
import { SIGN_IN_METHOD_LABELS, SIGN_IN_METHODS, type SignInMethod } from '@/lib/sign-in-methods';
import { updateLibrary, uploadLibraryImage } from '@/services/admin';
import { theme } from '@/styles/theme';
import type { LibrarySettings } from '@/lib/wire';
import { errorText, failedField, FieldError, Fieldset, Heading, Hint, Input, Label, Page, Row, Section, Select, SmallButton, Status, SubHeading } from './parts';

const SLOTS = [
  ['logo1', 'Logo 1'],
  ['logo2', 'Logo 2'],
  ['logo3', 'Logo 3'],
  ['logoBanner1', 'Banner 1'],
  ['logoBanner2', 'Banner 2'],
  ['logoBanner3', 'Banner 3'],
] as const;

const CARD_MODES = [
  ['none', 'No library cards'],
  ['list', 'Card list (cards imported into this site)'],
  ['sip2', 'The library system, over SIP2'],
] as const;

type CardMode = (typeof CARD_MODES)[number][0];

const fieldId = (field: string) => `library-${field}`;

function formOf(library: LibrarySettings) {
  return {
    name: library.name,
    supportEmail: library.supportEmail,
    guestAccess: library.guestAccess,
    guestDays: String(library.guestDays),
    ageRate: String(library.ageRate),
    excludeCategories: library.excludeCat === '0' ? '' : library.excludeCat,
    isNewspaper: library.isNewspaper,
    isJournal: library.isJournal,
    hideProfile: library.hideProfile,
    tempRoutes: library.tempRoutes,
    callbackAfterGuest: library.callbackAfterGuest,
    openCatalogue: library.openCatalogue,
    pdfDownload: library.pdfDownload,
    signInMethods: library.signInMethods,
    cardMode: library.cardMode as CardMode,
    sip2Host: library.sip2Host ?? '',
    sip2Port: library.sip2Port ? String(library.sip2Port) : '',
    sip2Institution: library.sip2Institution ?? '',
    oidcIssuer: library.oidcIssuer ?? '',
    oidcClientId: library.oidcClientId ?? '',
    // Write-only: the saved secret never comes back; a new one replaces it, `removeSecret` clears it.
    oidcClientSecret: '',
    removeSecret: false,
  };
}

/**
 * /admin/libraries/{id}: the library's settings, routes, sign-in ways (with library cards and OIDC), logos and banners.
 * `operator`: a site operator, who alone chooses the open /q/temp catalogue's library (it is the whole site's).
 */
export function LibraryScreen({ initial, operator = false }: { initial: LibrarySettings; operator?: boolean }) {
  const [library, setLibrary] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial));
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((current) => ({ ...current, [key]: value }));

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setFieldError(null);
    setBusy(true);
    try {
      const saved = await updateLibrary(library.id, {
        name: form.name,
        supportEmail: form.supportEmail,
        guestAccess: form.guestAccess,
        guestDays: Number(form.guestDays),
        ageRate: Number(form.ageRate),
        excludeCategories: form.excludeCategories.split(',').map((name) => name.trim()).filter(Boolean),
        isNewspaper: form.isNewspaper,
        isJournal: form.isJournal,
        hideProfile: form.hideProfile,
        tempRoutes: form.tempRoutes,
        callbackAfterGuest: form.callbackAfterGuest,
        // Sent only by operators: the server refuses it from library staff.
        ...(operator ? { openCatalogue: form.openCatalogue } : {}),
        pdfDownload: form.pdfDownload,
        signInMethods: form.signInMethods,
        cardMode: form.cardMode,
        sip2Host: form.sip2Host,
        sip2Port: form.sip2Port.trim() ? Number(form.sip2Port) : null,
        sip2Institution: form.sip2Institution,
        oidcIssuer: form.oidcIssuer.trim(),
        oidcClientId: form.oidcClientId,
        ...(form.removeSecret ? { oidcClientSecret: null } : form.oidcClientSecret ? { oidcClientSecret: form.oidcClientSecret } : {}),
      });
      setLibrary(saved);
      setForm(formOf(saved));
      setNotice({ text: 'Settings saved.', error: false });
    } catch (failure) {
      const field = failedField(failure);
      if (field) {
        setFieldError({ field, message: errorText(failure) });
        setNotice({ text: 'Not saved: please correct the field marked below.', error: true });
        // The person's next step is that field: take them there (the message is read out with it).
        window.setTimeout(() => document.getElementById(fieldId(field))?.focus(), 0);
      } else {
        setNotice({ text: errorText(failure), error: true });
      }
    }
    setBusy(false);
  }

  async function onUpload(slot: string, file: File | undefined) {
    if (!file) return;
    setNotice(null);
    try {
      setLibrary(await uploadLibraryImage(library.id, slot, file));
      setNotice({ text: 'Image uploaded.', error: false });
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
  }

  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : null);
  /** The props that tie an input to its id and to the server's message about it. */
  const wired = (field: string) => ({
    id: fieldId(field),
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? `${fieldId(field)}-error` : undefined,
  });
  const field = (name: string, label: string, input: ReactNode, hint?: string) => (
    <FieldBox>
      <label htmlFor={fieldId(name)}>{label}</label>
      {hint ? <Hint>{hint}</Hint> : null}
      {input}
      {errorOf(name) ? <FieldError id={`${fieldId(name)}-error`}>{errorOf(name)}</FieldError> : null}
    </FieldBox>
  );
  const toggleMethod = (method: SignInMethod, on: boolean) =>
    set('signInMethods', on ? SIGN_IN_METHODS.filter((m) => m === method || form.signInMethods.includes(m)) : form.signInMethods.filter((m) => m !== method));

  return (
    <Page>
      <Heading>{library.name}: settings</Heading>
      <p>
        <Link href={`/admin/libraries/${library.id}/collection`}>Choose the titles {library.name} offers (its collection)</Link>
      </p>
      {notice ? <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>{notice.text}</Status> : null}
      <form onSubmit={(event) => void onSave(event)} noValidate>
        <Section aria-labelledby="general">
          <SubHeading id="general">General</SubHeading>
          <Row>
            {field('name', 'Name', <Input {...wired('name')} value={form.name} onChange={(event) => set('name', event.target.value)} required maxLength={120} />)}
            {field('supportEmail', 'Support email', <Input {...wired('supportEmail')} type="email" value={form.supportEmail} onChange={(event) => set('supportEmail', event.target.value)} />)}
            {field('ageRate', 'Age rate (0: no limit)', <Input {...wired('ageRate')} type="number" min={0} max={9} value={form.ageRate} onChange={(event) => set('ageRate', event.target.value)} />)}
            {field(
              'excludeCategories',
              'Excluded categories (comma separated)',
              <Input {...wired('excludeCategories')} value={form.excludeCategories} onChange={(event) => set('excludeCategories', event.target.value)} />,
            )}
          </Row>
        </Section>
        <Section aria-labelledby="guests">
          <SubHeading id="guests">Guests and content</SubHeading>
          <Row>
            <label>
              <input type="checkbox" checked={form.guestAccess} onChange={(event) => set('guestAccess', event.target.checked)} /> Guests allowed
            </label>
            {field('guestDays', 'Guest membership (days)', <Input {...wired('guestDays')} type="number" min={1} max={3650} value={form.guestDays} onChange={(event) => set('guestDays', event.target.value)} />)}
            <label>
              <input type="checkbox" checked={form.isNewspaper} onChange={(event) => set('isNewspaper', event.target.checked)} /> Newspapers shown
            </label>
            <label>
              <input type="checkbox" checked={form.isJournal} onChange={(event) => set('isJournal', event.target.checked)} /> Journals shown
            </label>
          </Row>
        </Section>
        <Section aria-labelledby="routes">
          <SubHeading id="routes">Routes and header</SubHeading>
          <Fieldset>
            <legend>Where members read and go</legend>
            <Check>
              <input type="checkbox" {...wired('tempRoutes')} checked={form.tempRoutes} onChange={(event) => set('tempRoutes', event.target.checked)} />
              <span>
                Members read the catalogue under /q/temp
                <Hint as="span">Listings, titles and issues open at /q/temp/… addresses, and the other catalogue addresses lead there.</Hint>
              </span>
            </Check>
            {errorOf('tempRoutes') ? <FieldError id={`${fieldId('tempRoutes')}-error`}>{errorOf('tempRoutes')}</FieldError> : null}
            <Check>
              <input
                type="checkbox"
                {...wired('callbackAfterGuest')}
                checked={form.callbackAfterGuest}
                onChange={(event) => set('callbackAfterGuest', event.target.checked)}
              />
              <span>
                After a guest sign-in, go back to the page the guest came from
                <Hint as="span">Otherwise guests start at the home page.</Hint>
              </span>
            </Check>
            {errorOf('callbackAfterGuest') ? <FieldError id={`${fieldId('callbackAfterGuest')}-error`}>{errorOf('callbackAfterGuest')}</FieldError> : null}
            <Check>
              <input type="checkbox" {...wired('hideProfile')} checked={form.hideProfile} onChange={(event) => set('hideProfile', event.target.checked)} />
              <span>
                Hide the profile menu
                <Hint as="span">The header shows no profile button, and the logo leads to /q/temp/magazines/21.</Hint>
              </span>
            </Check>
            {errorOf('hideProfile') ? <FieldError id={`${fieldId('hideProfile')}-error`}>{errorOf('hideProfile')}</FieldError> : null}
            <Check>
              <input
                type="checkbox"
                {...wired('openCatalogue')}
                checked={form.openCatalogue}
                disabled={!operator}
                onChange={(event) => set('openCatalogue', event.target.checked)}
              />
              <span>
                The open /q/temp catalogue follows this library
                <Hint as="span">
                  Visitors who are not signed in read /q/temp under this library’s rules and branding. One library at most: choosing this one releases
                  the last. {operator ? 'It needs the /q/temp setting above.' : 'Only a site operator can change this.'}
                </Hint>
              </span>
            </Check>
            {errorOf('openCatalogue') ? <FieldError id={`${fieldId('openCatalogue')}-error`}>{errorOf('openCatalogue')}</FieldError> : null}
          </Fieldset>
        </Section>
        <Section aria-labelledby="reading-apps">
          <SubHeading id="reading-apps">Reading apps</SubHeading>
          <Fieldset>
            <legend>What reading apps may take</legend>
            <Check>
              <input type="checkbox" {...wired('pdfDownload')} checked={form.pdfDownload} onChange={(event) => set('pdfDownload', event.target.checked)} />
              <span>
                Members may download issues as PDF
                <Hint as="span">
                  The library’s OPDS catalogues offer each issue’s original PDF to members who may read it, so apps such as KOReader keep a copy and sync
                  the reading place. Off: apps read page by page only.
                </Hint>
              </span>
            </Check>
            {errorOf('pdfDownload') ? <FieldError id={`${fieldId('pdfDownload')}-error`}>{errorOf('pdfDownload')}</FieldError> : null}
          </Fieldset>
        </Section>
        <Section aria-labelledby="sign-in">
          <SubHeading id="sign-in">Sign-in</SubHeading>
          <Fieldset aria-describedby={errorOf('signInMethods') ? `${fieldId('signInMethods')}-error` : undefined}>
            <legend>Sign-in ways offered</legend>
            <Hint>What /login offers this library’s members, with library cards and single sign-on when they are set up below.</Hint>
            <Row>
              {SIGN_IN_METHODS.map((method, index) => (
                <label key={method}>
                  <input
                    type="checkbox"
                    id={index === 0 ? fieldId('signInMethods') : undefined}
                    checked={form.signInMethods.includes(method)}
                    onChange={(event) => toggleMethod(method, event.target.checked)}
                  />{' '}
                  {SIGN_IN_METHOD_LABELS[method]}
                </label>
              ))}
            </Row>
            {errorOf('signInMethods') ? <FieldError id={`${fieldId('signInMethods')}-error`}>{errorOf('signInMethods')}</FieldError> : null}
          </Fieldset>
          <Fieldset>
            <legend>Library cards</legend>
            <Row>
              {field(
                'cardMode',
                'How cards are checked',
                <Select {...wired('cardMode')} value={form.cardMode} onChange={(event) => set('cardMode', event.target.value as CardMode)}>
                  {CARD_MODES.map(([mode, label]) => (
                    <option key={mode} value={mode}>
                      {label}
                    </option>
                  ))}
                </Select>,
              )}
            </Row>
            {form.cardMode === 'sip2' ? (
              <Row>
                {field('sip2Host', 'SIP2 host', <Input {...wired('sip2Host')} value={form.sip2Host} onChange={(event) => set('sip2Host', event.target.value)} maxLength={253} autoComplete="off" />)}
                {field('sip2Port', 'SIP2 port', <Input {...wired('sip2Port')} type="number" inputMode="numeric" min={1} max={65535} value={form.sip2Port} onChange={(event) => set('sip2Port', event.target.value)} />)}
                {field(
                  'sip2Institution',
                  'SIP2 institution id',
                  <Input {...wired('sip2Institution')} value={form.sip2Institution} onChange={(event) => set('sip2Institution', event.target.value)} maxLength={60} autoComplete="off" />,
                  'Optional: the AO field some library systems ask for',
                )}
              </Row>
            ) : null}
          </Fieldset>
          <Fieldset>
            <legend>Single sign-on (OpenID Connect)</legend>
            <Hint>Members sign in with the library’s own accounts when an issuer and a client id are set; leave the issuer empty to turn it off.</Hint>
            <Row>
              {field('oidcIssuer', 'Issuer address', <Input {...wired('oidcIssuer')} type="url" value={form.oidcIssuer} onChange={(event) => set('oidcIssuer', event.target.value)} maxLength={500} placeholder="https://accounts.example.org" autoComplete="off" />)}
              {field('oidcClientId', 'Client id', <Input {...wired('oidcClientId')} value={form.oidcClientId} onChange={(event) => set('oidcClientId', event.target.value)} maxLength={200} autoComplete="off" />)}
              {field(
                'oidcClientSecret',
                'New client secret',
                <Input
                  {...wired('oidcClientSecret')}
                  type="password"
                  value={form.oidcClientSecret}
                  onChange={(event) => set('oidcClientSecret', event.target.value)}
                  maxLength={500}
                  autoComplete="new-password"
                  disabled={form.removeSecret}
                />,
                library.oidcClientSecretSet ? 'A secret is set (it is never shown). Type a new one to replace it.' : 'No secret is set.',
              )}
              {library.oidcClientSecretSet ? (
                <label>
                  <input type="checkbox" checked={form.removeSecret} onChange={(event) => set('removeSecret', event.target.checked)} /> Remove the client secret
                </label>
              ) : null}
            </Row>
          </Fieldset>
        </Section>
        <Row>
          <SmallButton type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </SmallButton>
        </Row>
      </form>
      <Section aria-labelledby="images">
        <SubHeading id="images">Logos and banners</SubHeading>
        <p>JPEG, PNG, WebP, GIF or AVIF, up to 5 MB; resized to the header’s sizes.</p>
        <Row>
          {SLOTS.map(([slot, label]) => (
            <FieldBox key={slot}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the media route serves the drawn sizes itself */}
              {library[slot] ? <img src={imageSet(library[slot]).src} alt={`${label} of ${library.name}`} height={48} /> : <p>No image yet</p>}
              <Label>
                Upload {label}
                <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={(event) => void onUpload(slot, event.target.files?.[0])} />
              </Label>
            </FieldBox>
          ))}
        </Row>
      </Section>
    </Page>
  );
}

const FieldBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  min-width: 0;
  max-width: 100%;

  > label {
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Check = styled.label`
  display: flex;
  gap: ${theme.spacing.sm};
  align-items: flex-start;
  margin-block: ${theme.spacing.sm};

  & > span {
    display: flex;
    flex-direction: column;
  }
`;
