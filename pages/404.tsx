import type { ReactElement } from 'react';
import { NotFound } from '@/components/shell/NotFound';
import { StoredSiteShell } from '@/components/shell/StoredSiteShell';
import type { PageWithLayout } from './_app';

const NotFoundPage: PageWithLayout = () => <NotFound />;

// Built once as a static page, so the header comes from the browser's stored session.
NotFoundPage.getLayout = (page: ReactElement) => <StoredSiteShell>{page}</StoredSiteShell>;

export default NotFoundPage;
