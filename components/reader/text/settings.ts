import { useCallback, useEffect, useState } from 'react';

/** How the member likes the text view: kept on this device (localStorage), the same for every issue and story. */
export interface TextSettings {
  size: number;
  spacing: number;
  width: number;
  theme: 'light' | 'sepia' | 'dark';
}

export const TEXT_SIZES = [16, 18, 20, 24, 28, 34] as const;
export const LINE_SPACINGS = [1.4, 1.6, 1.9] as const;
/** Line width in characters (ch). */
export const LINE_WIDTHS = [34, 46, 66] as const;
export const THEMES = ['light', 'sepia', 'dark'] as const;

const DEFAULT_SETTINGS: TextSettings = { size: 20, spacing: 1.6, width: 46, theme: 'light' };
const STORAGE_KEY = 'reader-text-settings';

/** Stored settings, each kept only when it is one of the choices offered. */
function readSettings(stored: string | null): TextSettings {
  try {
    const raw = JSON.parse(stored ?? '{}') as Partial<Record<keyof TextSettings, unknown>>;
    const pick = <T>(choices: readonly T[], value: unknown, fallback: T): T => (choices.includes(value as T) ? (value as T) : fallback);
    return {
      size: pick(TEXT_SIZES, raw.size, DEFAULT_SETTINGS.size),
      spacing: pick(LINE_SPACINGS, raw.spacing, DEFAULT_SETTINGS.spacing),
      width: pick(LINE_WIDTHS, raw.width, DEFAULT_SETTINGS.width),
      theme: pick(THEMES, raw.theme, DEFAULT_SETTINGS.theme),
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The text view's colours (light, sepia, dark): each pair meets 4.5:1 and more, the mark keeps the text readable. */
export const THEME_COLOURS: Record<TextSettings['theme'], { back: string; fore: string; mark: string }> = {
  light: { back: '#FFFFFF', fore: '#1A1A1A', mark: '#FFE066' },
  sepia: { back: '#F4ECD8', fore: '#3B2F1E', mark: '#F2C94C' },
  dark: { back: '#121212', fore: '#E8E8E8', mark: '#5C4B00' },
};

/**
 * The member's text settings, shared by the reader's text view and every story. Read after the first render (the
 * server draws the defaults; reading storage earlier would make the first render differ from the server's), and
 * followed when another tab changes them.
 */
export function useTextSettings(): [TextSettings, (change: Partial<TextSettings>) => void] {
  const [settings, setSettings] = useState(DEFAULT_SETTINGS);
  useEffect(() => {
    const read = () => {
      try {
        setSettings(readSettings(window.localStorage.getItem(STORAGE_KEY)));
      } catch {
        // Storage refused (private browsing): the defaults.
      }
    };
    read();
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) read();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const change = useCallback((next: Partial<TextSettings>) => {
    setSettings((current) => {
      const merged = { ...current, ...next };
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
      } catch {
        // Private browsing without storage: the settings last this visit.
      }
      return merged;
    });
  }, []);
  return [settings, change];
}
