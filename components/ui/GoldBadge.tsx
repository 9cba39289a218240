import styled from 'styled-components';
import { theme } from '@/styles/theme';

export type GoldBadgeSize = 'small' | 'medium' | 'large';

/** SPEC §9 'gold badge icons in three sizes', in px. */
export const GOLD_BADGE_SIZES: Record<GoldBadgeSize, number> = {
  small: 20,
  medium: 28,
  large: 40,
};

export interface GoldBadgeProps {
  size?: GoldBadgeSize;
  /** Accessible text; 'Gold' unless the data gives another. */
  label?: string;
  className?: string;
}

/** The 'Gold' mark: a gold disc with a star, drawn inline so it needs no request and scales crisply. */
export function GoldBadge({ size = 'small', label = 'Gold', className }: GoldBadgeProps) {
  const px = GOLD_BADGE_SIZES[size];
  return (
    <Svg
      className={className}
      width={px}
      height={px}
      viewBox="0 0 24 24"
      role="img"
      aria-label={label}
      focusable="false"
      data-size={size}
    >
      <title>{label}</title>
      <Disc cx="12" cy="12" r="11" />
      <Star d="M12 5.2l2.05 4.16 4.6.67-3.33 3.24.79 4.57L12 15.7l-4.11 2.14.79-4.57-3.33-3.24 4.6-.67z" />
    </Svg>
  );
}

const Svg = styled.svg`
  display: inline-block;
  flex: none;
`;

const Disc = styled.circle`
  fill: ${theme.colors.gold};
  stroke: ${theme.colors.onGold};
  stroke-width: 1.5;
`;

const Star = styled.path`
  fill: ${theme.colors.onGold};
`;
