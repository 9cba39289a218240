import { Tool } from '../ReaderTool';

export type TextPanel = 'find' | 'settings' | 'read';

interface ReaderTextToolsProps {
  view: 'page' | 'text';
  panel: TextPanel | null;
  onView: () => void;
  onPanel: (panel: TextPanel) => void;
}

/** The reader toolbar's text buttons: the text view (key T), its settings, find in this issue and read aloud. */
export function ReaderTextTools({ view, panel, onView, onPanel }: ReaderTextToolsProps) {
  return (
    <>
      <Tool type="button" onClick={onView} aria-pressed={view === 'text'} aria-keyshortcuts="t" title="Text view (T)">
        Text
      </Tool>
      {view === 'text' ? (
        <Tool type="button" onClick={() => onPanel('settings')} aria-expanded={panel === 'settings'} aria-controls="reader-text-settings">
          Aa<span className="visually-hidden"> Text settings</span>
        </Tool>
      ) : null}
      <Tool type="button" onClick={() => onPanel('find')} aria-expanded={panel === 'find'} aria-controls="reader-find">
        Find
      </Tool>
      <Tool type="button" onClick={() => onPanel('read')} aria-expanded={panel === 'read'} aria-controls="reader-read-aloud">
        Read aloud
      </Tool>
    </>
  );
}
