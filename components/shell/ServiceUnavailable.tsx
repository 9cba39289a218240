import { Button } from '@/components/ui/Button';
import { ErrorScreen } from './ErrorScreen';

/** Shown instead of a page when the database cannot be reached (the page answers 503). */
export function ServiceUnavailable() {
  return (
    <ErrorScreen
      code={503}
      title="We can’t reach the library right now"
      text="Your reading, favourites and account are safe. The service is having a short break; please try again in a few minutes."
      action={
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
      }
    />
  );
}

/** Any other failure: never the error itself, only what to do next. */
export function SomethingWentWrong({ code = 500 }: { code?: number }) {
  return (
    <ErrorScreen
      code={code}
      title="Something went wrong"
      text="We hit a problem showing this page. It has been logged; please try again in a moment."
      action={
        <Button type="button" onClick={() => window.location.reload()}>
          Try again
        </Button>
      }
    />
  );
}
