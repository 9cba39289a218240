export type { ShellProps } from '@/lib/entities';
