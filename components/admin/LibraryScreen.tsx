import { useState, type FormEvent } from 'react';
import { imageSet } from '@/lib/entities';
import { updateLibrary, uploadLibraryImage, type LibrarySettings } from '@/services/admin';
import { errorText, Heading, Input, Label, Page, Row, Section, SmallButton, Status, SubHeading } from './parts';

const SLOTS = [
  ['logo1', 'Logo 1'],
  ['logo2', 'Logo 2'],
  ['logo3', 'Logo 3'],
  ['logoBanner1', 'Banner 1'],
  ['logoBanner2', 'Banner 2'],
  ['logoBanner3', 'Banner 3'],
] as const;

/** /admin/libraries/{id}: the library's settings, logos and banners. */
export function LibraryScreen({ initial }: { initial: LibrarySettings }) {
  const [library, setLibrary] = useState(initial);
  const [form, setForm] = useState({
    name: initial.name,
    supportEmail: initial.supportEmail,
    guestAccess: initial.guestAccess,
    guestDays: String(initial.guestDays),
    ageRate: String(initial.ageRate),
    excludeCategories: initial.excludeCat === '0' ? '' : initial.excludeCat,
    isNewspaper: initial.isNewspaper,
    isJournal: initial.isJournal,
    signInMethods: initial.signInMethods,
  });
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
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
        signInMethods: form.signInMethods,
      });
      setLibrary(saved);
      setNotice({ text: 'Saved.', error: false });
    } catch (failure) {
      setNotice({ text: errorText(failure), error: true });
    }
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

  const toggleMethod = (method: string, on: boolean) =>
    setForm({ ...form, signInMethods: on ? [...form.signInMethods, method] : form.signInMethods.filter((m) => m !== method) });

  return (
    <Page>
      <Heading>{library.name}: settings</Heading>
      {notice ? <Status role={notice.error ? 'alert' : 'status'} $error={notice.error}>{notice.text}</Status> : null}
      <form onSubmit={(event) => void onSave(event)}>
        <Section aria-labelledby="general">
          <SubHeading id="general">General</SubHeading>
          <Row>
            <Label>
              Name
              <Input value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} required maxLength={120} />
            </Label>
            <Label>
              Support email
              <Input type="email" value={form.supportEmail} onChange={(event) => setForm({ ...form, supportEmail: event.target.value })} />
            </Label>
            <Label>
              Age rate (0: no limit)
              <Input type="number" min={0} max={9} value={form.ageRate} onChange={(event) => setForm({ ...form, ageRate: event.target.value })} />
            </Label>
            <Label>
              Excluded categories (comma separated)
              <Input value={form.excludeCategories} onChange={(event) => setForm({ ...form, excludeCategories: event.target.value })} />
            </Label>
          </Row>
        </Section>
        <Section aria-labelledby="guests">
          <SubHeading id="guests">Guests and content</SubHeading>
          <Row>
            <label>
              <input type="checkbox" checked={form.guestAccess} onChange={(event) => setForm({ ...form, guestAccess: event.target.checked })} /> Guests allowed
            </label>
            <Label>
              Guest membership (days)
              <Input type="number" min={1} max={3650} value={form.guestDays} onChange={(event) => setForm({ ...form, guestDays: event.target.value })} />
            </Label>
            <label>
              <input type="checkbox" checked={form.isNewspaper} onChange={(event) => setForm({ ...form, isNewspaper: event.target.checked })} /> Newspapers shown
            </label>
            <label>
              <input type="checkbox" checked={form.isJournal} onChange={(event) => setForm({ ...form, isJournal: event.target.checked })} /> Journals shown
            </label>
          </Row>
        </Section>
        <fieldset>
          <legend>Sign-in ways offered</legend>
          <Row>
            {(['password', 'email', 'mobile'] as const).map((method) => (
              <label key={method}>
                <input type="checkbox" checked={form.signInMethods.includes(method)} onChange={(event) => toggleMethod(method, event.target.checked)} />{' '}
                {method === 'password' ? 'Password' : method === 'email' ? 'Email code' : 'Mobile code'}
              </label>
            ))}
          </Row>
        </fieldset>
        <Row>
          <SmallButton type="submit">Save settings</SmallButton>
        </Row>
      </form>
      <Section aria-labelledby="images">
        <SubHeading id="images">Logos and banners</SubHeading>
        <p>JPEG, PNG, WebP, GIF or AVIF, up to 5 MB; resized to the header’s sizes.</p>
        <Row>
          {SLOTS.map(([slot, label]) => (
            <div key={slot}>
              {/* eslint-disable-next-line @next/next/no-img-element -- the media route serves the drawn sizes itself */}
              {library[slot] ? <img src={imageSet(library[slot]).src} alt={`${label} of ${library.name}`} height={48} /> : <p>No image yet</p>}
              <Label>
                Upload {label}
                <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" onChange={(event) => void onUpload(slot, event.target.files?.[0])} />
              </Label>
            </div>
          ))}
        </Row>
      </Section>
    </Page>
  );
}
