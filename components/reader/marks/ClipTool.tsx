import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { ClippingFigure } from '@/components/marks/ClippingFigure';
import type { ClippingView, ReaderPage } from '@/lib/wire';
import { addClipping, type PageRegion } from '@/services/marks';
import { theme } from '@/styles/theme';
import { markInputRules } from '@/components/marks/input-rules';
import { Tool } from '../ReaderTool';

/** The region in whole percent of the page, as the form's fields show it. */
interface Percent {
  x: number;
  y: number;
  width: number;
  height: number;
}

const START: Percent = { x: 10, y: 10, width: 80, height: 30 };
const MIN = 1;

/** Keeps a region on the page and at least 1% each way. */
function clampRegion(region: Percent): Percent {
  const width = Math.min(Math.max(Math.round(region.width), MIN), 100);
  const height = Math.min(Math.max(Math.round(region.height), MIN), 100);
  return {
    x: Math.min(Math.max(Math.round(region.x), 0), 100 - width),
    y: Math.min(Math.max(Math.round(region.y), 0), 100 - height),
    width,
    height,
  };
}

function asFractions(region: Percent): PageRegion {
  return { x: region.x / 100, y: region.y / 100, width: region.width / 100, height: region.height / 100 };
}

const FIELDS = [
  ['x', 'Left edge (% of page width)'],
  ['y', 'Top edge (% of page height)'],
  ['width', 'Width (% of page width)'],
  ['height', 'Height (% of page height)'],
] as const;

/**
 * Clip: a dialog to cut a region of the page shown. The region is drawn with a pointer on the page's picture, moved
 * with the arrow keys (Shift with them resizes it) or typed in percent; saving shows the clipping's picture and text.
 */
export function ClipTool({ issueId, page, onSaved, className }: { issueId: number; page: ReaderPage; onSaved(clipping: ClippingView): void; className?: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [region, setRegion] = useState<Percent>(START);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<ClippingView | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const drag = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();
  const helpId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const show = () => {
    setRegion(START);
    setName('');
    setSaved(null);
    setProblem('');
    setOpen(true);
  };
  const close = () => {
    dialogRef.current?.close();
    setOpen(false);
    openerRef.current?.focus();
  };

  const at = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = at(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const here = at(event);
    const from = drag.current;
    setRegion(clampRegion({ x: Math.min(from.x, here.x), y: Math.min(from.y, here.y), width: Math.abs(here.x - from.x), height: Math.abs(here.y - from.y) }));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onRegionKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = step[event.key];
    if (!move) return;
    event.preventDefault();
    setRegion((current) =>
      clampRegion(
        event.shiftKey
          ? { ...current, width: current.width + move[0], height: current.height + move[1] }
          : { ...current, x: current.x + move[0], y: current.y + move[1] },
      ),
    );
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const clipping = await addClipping(issueId, page.pageNo, asFractions(clampRegion(region)), name.trim());
      setSaved(clipping);
      setProblem('');
      onSaved(clipping);
    } catch {
      setProblem('The clipping could not be saved just now; please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tool ref={openerRef} type="button" className={className} onClick={show} aria-haspopup="dialog" aria-label={`Clip a region of page ${page.pageNo}`}>
        Clip
      </Tool>
      {open ? (
        // The reader turns pages on arrow keys anywhere in the window: keys typed here stay here.
        <Dialog ref={dialogRef} aria-labelledby={titleId} onClose={close} onKeyDown={(event) => event.stopPropagation()}>
          <h2 id={titleId}>Clip a region of page {page.pageNo}</h2>
          {saved && saved.imageUrl && saved.text !== null ? (
            <>
              <p>Saved “{saved.name}”. It is in My Clippings.</p>
              <ClippingFigure imageUrl={saved.imageUrl} text={saved.text} textScope={saved.textScope} caption={saved.name} />
            </>
          ) : (
            <form onSubmit={(event) => void save(event)}>
              <p id={helpId}>Drag on the page to draw the region, or focus the region and move it with the arrow keys (Shift and an arrow key resizes it), or type its edges below.</p>
              <Preview onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp}>
                {/* Decorative here: the page's text is in the reader, and the region is described by the fields. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={page.src[0]} alt="" width={page.width} height={page.height} draggable={false} />
                <div
                  className="selection"
                  role="group"
                  tabIndex={0}
                  aria-label={`Region: ${region.x}% from the left, ${region.y}% from the top, ${region.width}% wide, ${region.height}% high`}
                  aria-describedby={helpId}
                  onKeyDown={onRegionKey}
                  style={{ left: `${region.x}%`, top: `${region.y}%`, width: `${region.width}%`, height: `${region.height}%` }}
                />
              </Preview>
              <div className="fields">
                {FIELDS.map(([key, label]) => (
                  <label key={key}>
                    {label}
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100}
                      value={region[key]}
                      onChange={(event) => setRegion((current) => ({ ...current, [key]: Number(event.target.value) }))}
                      onBlur={() => setRegion((current) => clampRegion(current))}
                    />
                  </label>
                ))}
                <label className="wide">
                  Name (optional)
                  <input value={name} maxLength={120} placeholder={`Clipping from page ${page.pageNo}`} onChange={(event) => setName(event.target.value)} />
                </label>
              </div>
              {problem ? <p role="alert">{problem}</p> : null}
              <div className="actions">
                <button type="submit" disabled={busy}>
                  Save clipping
                </button>
              </div>
            </form>
          )}
          <div className="actions">
            <button type="button" onClick={close}>
              {saved ? 'Done' : 'Cancel'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

const Dialog = styled.dialog`
  width: min(40rem, calc(100vw - 2rem));
  max-height: calc(100vh - 2rem);
  overflow: auto;
  padding: ${theme.spacing.lg};
  border: 0;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  &::backdrop {
    background: ${theme.colors.backdrop};
  }
  h2 {
    margin-top: 0;
    font-size: ${theme.fontSizes.lg};
  }
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
    gap: ${theme.spacing.sm};
    margin: ${theme.spacing.md} 0;
  }
  label {
    display: grid;
    gap: ${theme.spacing.xxs};
    font-size: ${theme.fontSizes.sm};
  }
  .wide {
    grid-column: 1 / -1;
  }
  input {
    ${markInputRules}
  }
  .actions {
    display: flex;
    justify-content: flex-end;
    gap: ${theme.spacing.sm};
    margin-top: ${theme.spacing.sm};
  }
  button {
    min-height: 44px;
    padding: 0 ${theme.spacing.lg};
    border: 2px solid ${theme.colors.brand};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.brand};
    color: ${theme.colors.onBrand};
    font: inherit;
    font-weight: ${theme.fontWeights.bold};
    cursor: pointer;
  }
  button[type='button'] {
    background: ${theme.colors.surface};
    color: ${theme.colors.brand};
  }
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Preview = styled.div`
  position: relative;
  width: min(100%, 20rem);
  margin: 0 auto;
  touch-action: none;
  user-select: none;
  img {
    display: block;
    width: 100%;
    height: auto;
    border: 1px solid ${theme.colors.border};
  }
  .selection {
    position: absolute;
    box-sizing: border-box;
    border: 2px solid ${theme.colors.focus};
    background: rgba(26, 95, 180, 0.15);
  }
`;
