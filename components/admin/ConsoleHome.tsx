import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import type { ConsoleProps } from '@/lib/console';
import { createLibrary } from '@/services/admin';
import { errorText, Heading, Input, Label, Page, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap } from './parts';

/** /admin: the libraries this person manages, with their screens; an operator can add a library. */
export function ConsoleHome({ console }: { console: ConsoleProps }) {
  const router = useRouter();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const library = await createLibrary({ name });
      await router.push(`/admin/libraries/${library.id}`);
    } catch (error) {
      setMessage({ text: errorText(error), error: true });
      setBusy(false);
    }
  }

  return (
    <Page>
      <Heading>Libraries</Heading>
      {console.libraries.length === 0 ? (
        <Status role="status">You manage no library yet.</Status>
      ) : (
        <TableWrap>
          <Table>
            <caption className="visually-hidden">Libraries you manage</caption>
            <thead>
              <tr>
                <th scope="col">Library</th>
                <th scope="col">Manage</th>
              </tr>
            </thead>
            <tbody>
              {console.libraries.map((library) => (
                <tr key={library.id}>
                  <td>
                    {library.name} <span>({library.id})</span>
                  </td>
                  <td>
                    <Row>
                      <Link href={`/admin/libraries/${library.id}/members`}>Members<span className="visually-hidden"> of {library.name}</span></Link>
                      <Link href={`/admin/libraries/${library.id}/access-codes`}>Access codes<span className="visually-hidden"> of {library.name}</span></Link>
                      <Link href={`/admin/libraries/${library.id}`}>Settings<span className="visually-hidden"> of {library.name}</span></Link>
                      <Link href={`/admin/libraries/${library.id}/collection`}>Collection<span className="visually-hidden"> of {library.name}</span></Link>
                      <Link href={`/admin/libraries/${library.id}/reports`}>Usage reports<span className="visually-hidden"> of {library.name}</span></Link>
                      <Link href={`/admin/libraries/${library.id}/counter-keys`}>COUNTER API keys<span className="visually-hidden"> of {library.name}</span></Link>
                    </Row>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      )}
      {console.operator ? (
        <Section aria-labelledby="new-library">
          <SubHeading id="new-library">Add a library</SubHeading>
          <form onSubmit={onCreate}>
            <Row>
              <Label>
                Name
                <Input value={name} onChange={(event) => setName(event.target.value)} required maxLength={120} />
              </Label>
              <SmallButton type="submit" disabled={busy}>
                Add library
              </SmallButton>
            </Row>
            {message ? <Status role="alert" $error={message.error}>{message.text}</Status> : null}
          </form>
        </Section>
      ) : null}
    </Page>
  );
}
