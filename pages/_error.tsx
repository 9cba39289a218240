import type { NextPageContext } from 'next';
import type { ReactElement } from 'react';
import { NotFound } from '@/components/shell/NotFound';
import { ServiceUnavailable, SomethingWentWrong } from '@/components/shell/ServiceUnavailable';
import { StoredSiteShell } from '@/components/shell/StoredSiteShell';
import type { PageWithLayout } from './_app';

interface ErrorProps {
  statusCode: number;
}

/** Every unexpected failure ends here, in the site's look, never as a stack trace or a server's words. */
const ErrorPage: PageWithLayout<ErrorProps> = ({ statusCode }) => {
  if (statusCode === 404) return <NotFound />;
  if (statusCode === 503) return <ServiceUnavailable />;
  return <SomethingWentWrong code={statusCode >= 400 && statusCode < 600 ? statusCode : 500} />;
};

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): ErrorProps => {
  const statusCode = res?.statusCode ?? (err as { statusCode?: number } | null)?.statusCode ?? 500;
  return { statusCode };
};

// An error page has no server props of its own; the header follows the browser's stored session.
ErrorPage.getLayout = (page: ReactElement) => <StoredSiteShell>{page}</StoredSiteShell>;

export default ErrorPage;
