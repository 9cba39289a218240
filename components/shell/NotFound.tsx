import { ErrorScreen } from './ErrorScreen';

/** The 404 screen. */
export function NotFound() {
  return (
    <ErrorScreen
      code={404}
      title="We can’t find that page"
      text="The title or page may have moved, or the link may be mistyped. Try one of these instead."
    />
  );
}
