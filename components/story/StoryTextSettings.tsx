import { useState } from 'react';
import styled from 'styled-components';
import { TextSettingsPanel } from '@/components/reader/text/TextSettingsPanel';
import type { TextSettings } from '@/components/reader/text/settings';
import { theme } from '@/styles/theme';

// The reader's settings panel drawn for a light page: the choice made is dark on light, the others outlined.
const Settings = styled(TextSettingsPanel)`
  && {
    padding: ${theme.spacing.sm} 0 0;
  }
  && fieldset label:has(input:checked) {
    background: ${theme.colors.text};
    color: ${theme.colors.surface};
  }
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.spacing.xs};
  min-height: ${theme.sizes.tapTarget};
  padding: 0 ${theme.spacing.md};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  cursor: pointer;
  &[aria-expanded='true'] {
    background: ${theme.colors.text};
    color: ${theme.colors.surface};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Box = styled.div`
  align-self: stretch;
`;

/**
 * A story's text settings: the same type size, line spacing, line width and colours as the reader's text view, kept
 * on this device for both (components/reader/text/settings.ts), behind a button so the story comes first.
 */
export function StoryTextSettings({ settings, onChange }: { settings: TextSettings; onChange: (change: Partial<TextSettings>) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Toggle type="button" aria-expanded={open} aria-controls="story-text-settings" onClick={() => setOpen(!open)}>
        Aa Text settings
      </Toggle>
      {open ? <Settings id="story-text-settings" settings={settings} onChange={onChange} /> : null}
    </Box>
  );
}
