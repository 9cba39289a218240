import type { NextPageContext } from 'next';
import { NotFound } from '@/components/shell/NotFound';
import { ServiceUnavailable } from '@/components/shell/ServiceUnavailable';

interface ErrorProps {
  statusCode: number;
}

/** Every unexpected failure ends here, in the site's look, never as a stack trace. */
function ErrorPage({ statusCode }: ErrorProps) {
  if (statusCode === 404) return <NotFound />;
  if (statusCode === 503) return <ServiceUnavailable />;
  return <NotFound title="Something went wrong" text="We hit a problem showing this page. Please try again in a moment." />;
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): ErrorProps => {
  const statusCode = res?.statusCode ?? (err as { statusCode?: number } | null)?.statusCode ?? 500;
  return { statusCode };
};

export default ErrorPage;
