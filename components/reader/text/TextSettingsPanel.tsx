import { LINE_SPACINGS, LINE_WIDTHS, TEXT_SIZES, THEMES, type TextSettings } from './settings';
import { Panel } from './panel';

interface ChoiceProps<T extends string | number> {
  legend: string;
  name: string;
  choices: readonly T[];
  value: T;
  label: (choice: T) => string;
  onChange: (choice: T) => void;
}

function Choice<T extends string | number>({ legend, name, choices, value, label, onChange }: ChoiceProps<T>) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input type="radio" name={name} checked={choice === value} onChange={() => onChange(choice)} />
          {label(choice)}
        </label>
      ))}
    </fieldset>
  );
}

const SPACINGS: readonly number[] = LINE_SPACINGS;
const WIDTHS: readonly number[] = LINE_WIDTHS;
const SPACING_NAMES = ['Tight', 'Normal', 'Loose'];
const WIDTH_NAMES = ['Narrow', 'Medium', 'Wide'];
const THEME_NAMES: Record<TextSettings['theme'], string> = { light: 'Light', sepia: 'Sepia', dark: 'Dark' };

interface TextSettingsPanelProps {
  settings: TextSettings;
  onChange: (change: Partial<TextSettings>) => void;
  id?: string;
  className?: string;
}

/** Type size, line spacing, line width and colours of the text view and of stories; kept on this device. */
export function TextSettingsPanel({ settings, onChange, id = 'reader-text-settings', className }: TextSettingsPanelProps) {
  return (
    <Panel id={id} className={className} role="group" aria-label="Text settings">
      <Choice legend="Size" name="text-size" choices={TEXT_SIZES} value={settings.size} label={(size) => `${size}px`} onChange={(size) => onChange({ size })} />
      <Choice legend="Spacing" name="text-spacing" choices={SPACINGS} value={settings.spacing} label={(spacing) => SPACING_NAMES[SPACINGS.indexOf(spacing)]} onChange={(spacing) => onChange({ spacing })} />
      <Choice legend="Width" name="text-width" choices={WIDTHS} value={settings.width} label={(width) => WIDTH_NAMES[WIDTHS.indexOf(width)]} onChange={(width) => onChange({ width })} />
      <Choice legend="Colours" name="text-theme" choices={THEMES} value={settings.theme} label={(name) => THEME_NAMES[name]} onChange={(name) => onChange({ theme: name })} />
    </Panel>
  );
}
