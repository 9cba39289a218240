import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { MoreIcon } from '@/components/ui/icons';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { Tool } from '../ReaderTool';

export type TextPanel = 'find' | 'settings' | 'read';

interface ReaderTextToolsProps {
  view: 'page' | 'text';
  panel: TextPanel | null;
  onView: () => void;
  onPanel: (panel: TextPanel) => void;
}

// Below a laptop's width the text tools sit behind one button, so the toolbar stays one row; from lg up, in the row.
const Menu = styled.div`
  position: relative;
  display: flex;
  flex: none;

  ${media.up('lg')} {
    > ${Tool} {
      display: none;
    }
  }
`;

const Tools = styled.div`
  position: absolute;
  top: calc(100% + ${theme.spacing.xs});
  right: 0;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${theme.spacing.xs};
  min-width: 10rem;
  padding: ${theme.spacing.xs};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.text};
  box-shadow: ${theme.shadows.lg};
  &[hidden] {
    display: none;
  }

  ${media.up('lg')} {
    &,
    &[hidden] {
      position: static;
      display: flex;
      flex-direction: row;
      align-items: center;
      min-width: 0;
      padding: 0;
      border: 0;
      box-shadow: none;
    }
  }
`;

/**
 * The reader toolbar's text buttons: the text view (key T), its settings, find in this issue and read aloud. On a
 * phone or tablet they are behind the Text tools button (a disclosure: Enter opens it, Tab reaches its buttons,
 * Escape or a press outside closes it, focus back on the button); choosing one closes it.
 */
export function ReaderTextTools({ view, panel, onView, onPanel }: ReaderTextToolsProps) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // A choice closes the menu; focus goes back to its button (where the menu shows: a hidden button takes none),
  // unless the panel opened takes it (find focuses its field).
  const choose = (action: () => void) => () => {
    action();
    if (!open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <Menu ref={menu}>
      <Tool ref={button} type="button" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="reader-text-tools" aria-label="Text tools">
        <MoreIcon size={20} />
      </Tool>
      <Tools id="reader-text-tools" role="group" aria-label="Text tools" hidden={!open}>
        <Tool type="button" onClick={choose(onView)} aria-pressed={view === 'text'} aria-keyshortcuts="t" title="Text view (T)">
          Text
        </Tool>
        {view === 'text' ? (
          <Tool type="button" onClick={choose(() => onPanel('settings'))} aria-expanded={panel === 'settings'} aria-controls="reader-text-settings">
            Aa<span className="visually-hidden"> Text settings</span>
          </Tool>
        ) : null}
        <Tool type="button" onClick={choose(() => onPanel('find'))} aria-expanded={panel === 'find'} aria-controls="reader-find">
          Find
        </Tool>
        <Tool type="button" onClick={choose(() => onPanel('read'))} aria-expanded={panel === 'read'} aria-controls="reader-read-aloud">
          Read aloud
        </Tool>
      </Tools>
    </Menu>
  );
}
