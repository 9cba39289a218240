import Link from 'next/link';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/Button';
import { theme } from '@/styles/theme';

export interface RequestSentProps {
  title: string;
  /** The service's confirmation, naming the person and the address it will reply to. */
  message: string;
  reference: number;
  onAnother(): void;
  anotherLabel: string;
}

/** The confirmation that replaces a sent form; focus moves to it so it is read out at once. */
export function RequestSent({ title, message, reference, onAnother, anotherLabel }: RequestSentProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Panel aria-labelledby="request-sent-title">
      <h2 id="request-sent-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <p>{message}</p>
      <p>
        Your reference number is <strong>{reference}</strong>. We usually reply within two working days; quote the number if you write to us
        again about this.
      </p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={onAnother}>
          {anotherLabel}
        </Button>
        <Button as={Link} href="/">
          Go to the home page
        </Button>
      </Actions>
    </Panel>
  );
}

const Panel = styled.section`
  padding: ${theme.spacing.xl};
  border: 2px solid ${theme.colors.borderStrong};
  border-left-width: 8px;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  h2 {
    font-size: ${theme.fontSizes.xl};
    margin-bottom: ${theme.spacing.md};

    /* Focus is moved here only to announce the confirmation; it is not a control. */
    &:focus {
      outline: none;
      box-shadow: none;
    }
  }

  p + p {
    margin-top: ${theme.spacing.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing.md};
  margin-top: ${theme.spacing.xl};
`;
