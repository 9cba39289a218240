import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Actions, AuthCard } from './AuthCard';

export interface ThankYouScreenProps {
  title: string;
  children: ReactNode;
  action: { label: string; href: string };
  secondary?: { label: string; href: string };
}

/** A confirmation: what happened, and the one thing to do next. */
export function ThankYouScreen({ title, children, action, secondary }: ThankYouScreenProps) {
  return (
    <AuthCard title={title}>
      {children}
      <Actions>
        <Button as={Link} href={action.href}>
          {action.label}
        </Button>
        {secondary ? (
          <Button as={Link} href={secondary.href} $variant="secondary">
            {secondary.label}
          </Button>
        ) : null}
      </Actions>
    </AuthCard>
  );
}
