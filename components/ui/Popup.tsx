import { useId, useRef } from 'react';
import styled from 'styled-components';
import { useFocusTrap } from '@/hooks/useFocusTrap';
import { useScrollLock } from '@/hooks/useScrollLock';
import { theme } from '@/styles/theme';

export interface PopupProps {
  open: boolean;
  /** e.g. 'Oops! Your subscription has expired'. */
  title: string;
  /** e.g. 'Please contact your organization to indulge in unlimited reading of ...'. */
  text: string;
  onClose(): void;
  /** Defaults to 'Ok'. */
  buttonLabel?: string;
  /** 'alertdialog' for a message that interrupts the reader; defaults to 'dialog'. */
  role?: 'dialog' | 'alertdialog';
}

/** A small modal message with one button that closes it; Escape closes it too. */
export function Popup({ open, title, text, onClose, buttonLabel = 'Ok', role = 'dialog' }: PopupProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useFocusTrap(boxRef, open, { initialFocusRef: okRef, onEscape: onClose });
  useScrollLock(open);

  if (!open) return null;

  return (
    <Backdrop>
      <Box ref={boxRef} role={role} aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} tabIndex={-1}>
        <Title id={titleId}>{title}</Title>
        <Text id={textId}>{text}</Text>
        <OkButton ref={okRef} type="button" onClick={onClose}>
          {buttonLabel}
        </OkButton>
      </Box>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndex.popup};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.spacing.lg};
  background: ${theme.colors.backdrop};
`;

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.spacing.md};
  width: 100%;
  max-width: 420px;
  max-height: 100%;
  overflow-y: auto;
  padding: ${theme.spacing.xl};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.lg};
  text-align: center;
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
`;

const Text = styled.p`
  color: ${theme.colors.muted};
`;

const OkButton = styled.button`
  min-width: 120px;
  min-height: ${theme.sizes.tapTarget};
  margin-top: ${theme.spacing.sm};
  padding: 0 ${theme.spacing.xl};
  border: 0;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.onBrand};
  font-weight: ${theme.fontWeights.bold};

  &:hover {
    background: ${theme.colors.brandHover};
  }
`;
