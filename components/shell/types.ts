export type { ShellProps } from '@/lib/wire';
