import Link from 'next/link';
import { Button } from '@/components/ui/button';

/** The "Nova marca" / "Nova campanha" / "Novo produto" button of an admin list's header: a link to its form. */
export function NewItemButton({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <Button asChild>
      <Link href={href} prefetch={false} data-testid={testId}>
        {label}
      </Link>
    </Button>
  );
}
