import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { SUBSCRIPTION_EXPIRED } from '@/lib/constants';
import { loadPage } from '@/hooks/page-load';

/** Opens an issue in the reader at a page, the way every Read on the site opens it (services/reader openIssue). */
export function OpenAtPageButton({ issueId, pageNo, of }: { issueId: number; pageNo: number; /** What is opened, to tell the buttons of a list apart. */ of: string }) {
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState('');
  const open = async () => {
    setOpening(true);
    setProblem('');
    const [{ openIssue }, { storedMember }] = await Promise.all([import('@/services/reader'), import('@/lib/stored-session')]);
    const outcome = await openIssue({ issueId, page: pageNo, member: storedMember() });
    setOpening(false);
    if (outcome.kind === 'redirect') loadPage(outcome.to);
    else if (outcome.kind === 'expired') setProblem(SUBSCRIPTION_EXPIRED);
    else if (outcome.kind === 'failed') setProblem('The issue could not be opened just now; please try again.');
  };
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => void open()} disabled={opening} aria-label={`Open page ${pageNo} of ${of}`}>
        Open page {pageNo}
      </Button>
      {problem ? <span role="alert">{problem}</span> : null}
    </>
  );
}
