import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names without resolving Tailwind conflicts (clsx only). For the client components
 * of every page (header, navigation): tailwind-merge, which `cn` (lib/utils) runs, is about 9 KB
 * gzip of JavaScript plus its setup on first use. Use it only where no two classes set the same
 * property; where a class must win, make it important (`bg-transparent!`) or write the variants
 * out (main-nav.tsx).
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
