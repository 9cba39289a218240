import { render, type RenderOptions } from '@testing-library/react';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { ThemeProvider } from 'styled-components';
import { useLazyPictures } from '@/hooks/useLazyPictures';
import { theme } from '@/styles/theme';

function Providers({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

/** Renders inside the app's theme, as _app does. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}

/** What the page frame (components/layout/Layout) gives every screen that matters to a card: its pictures' loader. */
function Frame({ children }: { children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useLazyPictures(frame);
  return (
    <Providers>
      <div ref={frame}>{children}</div>
    </Providers>
  );
}

/** Renders inside the theme and the frame's picture loader, as a page draws cards. */
export function renderInFrame(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Frame, ...options });
}
