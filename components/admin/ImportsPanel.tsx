import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useImports } from '@/hooks/useAdmin';
import { issuePath } from '@/lib/catalogue-paths';
import { UPLOAD_FIELDS } from '@/lib/console';
import type { ImportJobView } from '@/lib/wire';
import { cancelImport, openImport, retryImport, sendImportFile } from '@/services/admin';
import { theme } from '@/styles/theme';
import { errorText, Hint, Input, Label, ListState, Pager, Row, Section, SmallButton, Status, SubHeading, Table, TableWrap, Warning } from './parts';

const Progress = styled.progress`
  width: 100%;
  max-width: 240px;
  height: 12px;
`;

const Details = styled.details`
  summary {
    cursor: pointer;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 2px 8px;
    margin: 4px 0 0;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** A checkbox with its label beside it, the box at least 24 px square (WCAG 2.2 target size), its hint below. */
const Choice = styled.div`
  margin-block: ${theme.spacing.sm};

  label {
    display: flex;
    gap: ${theme.spacing.sm};
    align-items: center;
    font-weight: ${theme.fontWeights.bold};
    font-size: ${theme.fontSizes.sm};
    cursor: pointer;
  }

  input {
    width: 24px;
    height: 24px;
    margin: 0;
    flex: none;
  }

  p {
    margin-inline-start: calc(24px + ${theme.spacing.sm});
  }
`;

const ACTIVE = ['uploading', 'receiving', 'queued', 'running'];

const STATUS_TEXT: Record<string, string> = {
  uploading: 'Waiting for the file',
  receiving: 'Receiving the file',
  queued: 'Queued',
  running: 'Importing',
  imported: 'Imported',
  updated: 'Updated (a new version of the issue)',
  unchanged: 'Already imported (the same file)',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

interface Sending {
  name: string;
  share: number;
  error: string | null;
  done: boolean;
}

/** A sidecar chosen with the PDFs goes with the PDF of the same name (Issue.json or Issue.pdf.json for Issue.pdf). */
function sidecarFor(pdf: File, files: File[]): File | undefined {
  const base = pdf.name.replace(/\.pdf$/i, '');
  return files.find((file) => file.name === `${base}.json` || file.name === `${pdf.name}.json`);
}

/** Upload PDF issues (with their sidecars) with progress, and follow each import: status, pages, metadata chosen, errors. */
export function ImportsPanel() {
  const [page, setPage] = useState(0);
  const imports = useImports(page);
  const fileInput = useRef<HTMLInputElement>(null);
  const [category, setCategory] = useState('');
  const [language, setLanguage] = useState('en');
  const [ageRating, setAgeRating] = useState('');
  const [replace, setReplace] = useState(false);
  const [sending, setSending] = useState<Sending[]>([]);
  const [formError, setFormError] = useState<{ field: string | null; text: string } | null>(null);
  const busy = sending.some((item) => !item.done);

  async function upload(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const files = [...(fileInput.current?.files ?? [])];
    const pdfs = files.filter((file) => /\.pdf$/i.test(file.name));
    if (pdfs.length === 0) {
      setFormError({ field: 'file', text: 'Choose at least one PDF file (sidecar .json files go with a PDF of the same name).' });
      fileInput.current?.focus();
      return;
    }
    const rating = ageRating.trim() === '' ? undefined : Number(ageRating);
    setSending(pdfs.map((pdf) => ({ name: pdf.name, share: 0, error: null, done: false })));
    const update = (index: number, change: Partial<Sending>) => setSending((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
    // One after another: a second file does not halve the first one's speed.
    for (const [index, pdf] of pdfs.entries()) {
      try {
        const sidecar = sidecarFor(pdf, files);
        const { job, maxBytes } = await openImport({
          fileName: pdf.name,
          sidecar: sidecar ? await sidecar.text() : undefined,
          category: category.trim() || undefined,
          language: language.trim() || undefined,
          ageRating: rating,
          replace,
        });
        if (pdf.size > maxBytes) {
          await cancelImport(job.id);
          update(index, { error: `${pdf.name} is larger than the ${Math.floor(maxBytes / 1024 / 1024)} MB limit.`, done: true });
          continue;
        }
        await sendImportFile(job.id, pdf, (share) => update(index, { share }));
        update(index, { share: 1, done: true });
      } catch (failure) {
        const text = errorText(failure);
        update(index, { error: `${pdf.name}: ${text}`, done: true });
        const field = (failure as { field?: string | null }).field ?? null;
        // A mistake in the form stops the rest: every file would be refused the same way.
        if (field && ['category', 'language', 'ageRating', 'replace'].includes(field)) {
          setFormError({ field, text });
          setSending((list) => list.map((item) => (item.done ? item : { ...item, done: true, error: `${item.name}: not sent` })));
          break;
        }
      }
      void imports.mutate();
    }
    void imports.mutate();
  }

  const fieldError = (field: string) => (formError?.field === field ? formError.text : null);

  return (
    <>
      <Section aria-labelledby="upload-pdfs">
        <SubHeading id="upload-pdfs">Upload PDF issues</SubHeading>
        <p>
          Each PDF becomes an issue, matched to its title by ISSN or name. Metadata comes from a sidecar JSON with the same name, the PDF’s own information and
          the file name (for example <code>Harbour Weekly - 2026-05-14.pdf</code>). The fields below are used only for a new title the file does not describe.
        </p>
        <form onSubmit={(event) => void upload(event)} noValidate>
          <Row>
            <Label>
              PDF files and sidecars
              <Input
                ref={fileInput}
                type="file"
                multiple
                accept=".pdf,application/pdf,.json,application/json"
                aria-invalid={fieldError('file') ? true : undefined}
                aria-describedby={fieldError('file') ? 'upload-file-error' : undefined}
              />
            </Label>
            <Label>
              {UPLOAD_FIELDS.category}
              <Input value={category} onChange={(event) => setCategory(event.target.value)} maxLength={100} aria-invalid={fieldError('category') ? true : undefined} aria-describedby={fieldError('category') ? 'upload-category-error' : undefined} />
            </Label>
            <Label>
              {UPLOAD_FIELDS.language}
              <Input value={language} onChange={(event) => setLanguage(event.target.value)} maxLength={10} size={6} aria-invalid={fieldError('language') ? true : undefined} aria-describedby={fieldError('language') ? 'upload-language-error' : undefined} />
            </Label>
            <Label>
              {UPLOAD_FIELDS.ageRating}
              <Input type="number" min={1} max={9} value={ageRating} onChange={(event) => setAgeRating(event.target.value)} aria-invalid={fieldError('ageRating') ? true : undefined} aria-describedby={fieldError('ageRating') ? 'upload-ageRating-error' : undefined} />
            </Label>
          </Row>
          <Choice>
            <label>
              <input
                type="checkbox"
                checked={replace}
                onChange={(event) => setReplace(event.target.checked)}
                aria-describedby={fieldError('replace') ? 'upload-replace-hint upload-replace-error' : 'upload-replace-hint'}
                aria-invalid={fieldError('replace') ? true : undefined}
              />
              {UPLOAD_FIELDS.replace}
            </label>
            <Hint id="upload-replace-hint">
              For a file of an issue already imported from another file (the same title and date, or number): its pages and text replace that issue’s; the
              issue’s id, favourites, reading places and links stay. Unticked, such a file is refused and the issue is left as it is.
            </Hint>
          </Choice>
          <SmallButton type="submit" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </SmallButton>
          {formError ? (
            <Status role="alert" $error id={`upload-${formError.field ?? 'form'}-error`}>
              {formError.text}
            </Status>
          ) : null}
        </form>
        {sending.length ? (
          <ul aria-label="Files being sent">
            {sending.map((item) => (
              <li key={item.name}>
                {item.error ? (
                  <Status role="alert" $error>
                    {item.error}
                  </Status>
                ) : (
                  <Label as="div">
                    <span id={`sending-${item.name}`}>
                      {item.name}: {item.done ? 'sent, import queued' : `${Math.round(item.share * 100)}% sent`}
                    </span>
                    <Progress max={1} value={item.share} aria-labelledby={`sending-${item.name}`} />
                  </Label>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </Section>
      <Section aria-labelledby="imports">
        <SubHeading id="imports">Imports</SubHeading>
        <ListState loading={imports.isLoading && !imports.data} error={imports.error} empty={imports.data?.jobs.length === 0}>
          {imports.data ? (
            <>
              <TableWrap>
                <Table>
                  <caption className="visually-hidden">Uploaded PDFs and their imports, newest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">File</th>
                      <th scope="col">Status</th>
                      <th scope="col">Issue</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {imports.data.jobs.map((job) => (
                      <JobRow key={job.id} job={job} onChange={() => void imports.mutate()} />
                    ))}
                  </tbody>
                </Table>
              </TableWrap>
              <Pager page={page} pageSize={imports.data.pageSize} total={imports.data.total} onPage={setPage} label="Imports" />
            </>
          ) : null}
        </ListState>
      </Section>
    </>
  );
}

function JobRow({ job, onChange }: { job: ImportJobView; onChange(): void }) {
  const [error, setError] = useState<string | null>(null);
  const running = job.status === 'running';
  return (
    <tr>
      <td>
        {job.fileName}
        {job.replace ? (
          <>
            <br />
            <Hint as="span">Replaces the issue of the same title and date</Hint>
          </>
        ) : null}
      </td>
      <td>
        <span role={ACTIVE.includes(job.status) ? 'status' : undefined}>{STATUS_TEXT[job.status] ?? job.status}</span>
        {job.tries > 0 && job.maxTries ? (
          <>
            <br />
            <span>
              {triesText(job, job.maxTries)}
              {job.status === 'queued' && job.nextTryAt ? `, next at ${new Date(job.nextTryAt).toLocaleTimeString()}` : ''}
            </span>
          </>
        ) : null}
        {running && job.pageCount ? (
          <>
            <br />
            <Progress max={job.pageCount} value={job.pagesDone} aria-label={`${job.fileName}: ${job.pagesDone} of ${job.pageCount} pages`} /> {job.pagesDone} of {job.pageCount} pages
          </>
        ) : null}
      </td>
      <td>
        {job.issueId && job.magazineId ? (
          <a href={issuePath('', job.magazineId, job.issueId)}>
            {job.titleName}, {job.issueName}
          </a>
        ) : (
          '—'
        )}
      </td>
      <td>
        {job.error ? (
          <Status $error>
            {job.status === 'failed' ? '' : 'Last try: '}
            {job.error}
          </Status>
        ) : null}
        {job.dateNote ? <Warning>{job.dateNote}</Warning> : null}
        {job.warnings.length ? (
          <Details open>
            <summary>
              {job.warnings.length === 1 ? '1 warning' : `${job.warnings.length} warnings`}
              <span className="visually-hidden"> for {job.fileName}</span>
            </summary>
            <ul>
              {job.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </Details>
        ) : null}
        {job.metadata ? (
          <Details>
            <summary>
              Metadata chosen<span className="visually-hidden"> for {job.fileName}</span>
            </summary>
            <dl>
              {Object.entries(job.metadata).map(([field, value]) => (
                <MetadataLine key={field} field={field} value={value} source={job.sources?.[field]} />
              ))}
            </dl>
          </Details>
        ) : null}
        {job.status === 'uploading' || job.status === 'queued' ? (
          <SmallButton
            type="button"
            $danger
            onClick={() => {
              setError(null);
              cancelImport(job.id).then(onChange, (failure: unknown) => setError(errorText(failure)));
            }}
          >
            Cancel<span className="visually-hidden"> {job.fileName}</span>
          </SmallButton>
        ) : null}
        {job.status === 'failed' && job.tries > 0 ? (
          <SmallButton
            type="button"
            onClick={() => {
              setError(null);
              retryImport(job.id).then(onChange, (failure: unknown) => setError(errorText(failure)));
            }}
          >
            Try again<span className="visually-hidden"> {job.fileName}</span>
          </SmallButton>
        ) : null}
        {error ? (
          <Status role="alert" $error>
            {error}
          </Status>
        ) : null}
      </td>
    </tr>
  );
}

/** A failed import stopped before its last try was refused: the same file would be refused again, so it was not retried. */
function triesText(job: ImportJobView, maxTries: number): string {
  if (job.status !== 'failed') return `Try ${job.tries} of ${maxTries}`;
  if (job.tries < maxTries) return `Tried ${job.tries === 1 ? 'once' : `${job.tries} times`}, not again: the same file would fail the same way`;
  return `Tried ${job.tries} of ${maxTries} times`;
}

function MetadataLine({ field, value, source }: { field: string; value: unknown; source?: string }) {
  return (
    <>
      <dt>{field}</dt>
      <dd>
        {String(value)}
        {source ? ` (from ${source})` : ''}
      </dd>
    </>
  );
}
