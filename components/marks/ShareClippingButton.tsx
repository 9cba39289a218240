import { useId, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { shareClipping } from '@/services/marks';
import { theme } from '@/styles/theme';
import { markInputRules } from './input-rules';

/** Makes (or shows again) a clipping's share link, which opens for members of the same library only. */
export function ShareClippingButton({ id, name, shared }: { id: number; name: string; shared: string | null }) {
  const [path, setPath] = useState(shared);
  const [problem, setProblem] = useState('');
  const linkId = useId();
  const share = async () => {
    try {
      setPath(await shareClipping(id));
      setProblem('');
    } catch {
      setProblem('The link could not be made just now; please try again.');
    }
  };
  const address = path && typeof window !== 'undefined' ? `${window.location.origin}${path}` : path;
  return (
    <Share>
      {address ? (
        <>
          <label htmlFor={linkId}>Share link (opens for members of your library)</label>
          <input id={linkId} readOnly value={address} onFocus={(event) => event.currentTarget.select()} />
        </>
      ) : (
        <Button type="button" $variant="secondary" onClick={() => void share()} aria-label={`Share clipping ${name}`}>
          Share
        </Button>
      )}
      {problem ? <span role="alert">{problem}</span> : null}
    </Share>
  );
}

const Share = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.spacing.xs};

  input {
    min-width: 0;
    width: 100%;
    max-width: 28rem;
    ${markInputRules}
  }
`;
