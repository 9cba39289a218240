import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { deleteMark, renameMark } from '@/services/marks';
import { theme } from '@/styles/theme';
import { markInputRules } from './input-rules';

export type MarkKind = 'bookmarks' | 'clippings';

/** Where a bookmark or clipping points: the issue's names while the member sees the issue, else only the page. */
export function markPlace(mark: { magName: string | null; issueName: string | null; pageNo: number; available: boolean }): string {
  return mark.available ? `${mark.magName}, ${mark.issueName}, page ${mark.pageNo}` : `Page ${mark.pageNo} of an issue your library no longer shows`;
}

/**
 * One bookmark or clipping in a list: its name (renamed in place), where it points, what the caller adds (the open
 * button, a clipping's picture), and Delete. Reports a deletion so the list drops it and says so.
 */
export function MarkItem(props: {
  kind: MarkKind;
  id: number;
  name: string;
  place: string;
  children?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  onDeleted(id: number, name: string): void;
}) {
  const { kind, id, place, children, onDeleted } = props;
  const Heading = props.headingLevel ?? 'h2';
  const [name, setName] = useState(props.name);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(props.name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const inputId = useId();
  const noun = kind === 'bookmarks' ? 'bookmark' : 'clipping';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setProblem('Give it a name.');
      return;
    }
    setBusy(true);
    try {
      await renameMark(kind, id, draft.trim());
      setName(draft.trim());
      setEditing(false);
      setProblem('');
    } catch {
      setProblem(`The ${noun} could not be renamed just now; please try again.`);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteMark(kind, id);
      onDeleted(id, name);
    } catch {
      setProblem(`The ${noun} could not be deleted just now; please try again.`);
      setBusy(false);
    }
  };

  return (
    <Item>
      <Heading className="mark-name">{name}</Heading>
      <p className="mark-place">{place}</p>
      {children}
      {editing ? (
        <form className="mark-actions" onSubmit={(event) => void save(event)}>
          <label htmlFor={inputId}>New name</label>
          <input id={inputId} value={draft} maxLength={120} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <Button type="submit" disabled={busy}>
            Save name
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="mark-actions">
          <Button type="button" $variant="secondary" onClick={() => setEditing(true)} aria-label={`Rename ${noun} ${name}`}>
            Rename
          </Button>
          <Button type="button" $variant="secondary" onClick={() => void remove()} disabled={busy} aria-label={`Delete ${noun} ${name}`}>
            Delete
          </Button>
        </div>
      )}
      {problem ? <p role="alert">{problem}</p> : null}
    </Item>
  );
}

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.sm};
  padding: ${theme.spacing.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  overflow-wrap: anywhere;

  .mark-name {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
  }

  .mark-place {
    margin: 0;
    color: ${theme.colors.muted};
  }

  .mark-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${theme.spacing.sm};
  }

  input {
    ${markInputRules}
  }
`;

/** The list the items sit in. */
export const MarkList = styled.ul`
  display: grid;
  gap: ${theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;
`;
