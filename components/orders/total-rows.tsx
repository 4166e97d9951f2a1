import { cn } from '@/lib/utils';

/**
 * The rows of a totals list (<dl>): the cart summary, the checkout review and an order's totals.
 * A figure is already formatted (lib/format); the grand total stands apart under a rule.
 */
export function TotalRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function GrandTotalRow({ label, value, testId, className }: { label: string; value: string; testId: string; className?: string }) {
  return (
    <div className={cn('flex justify-between border-t pt-2 text-base font-bold', className)}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
