const LABELS: Record<string, string> = { draft: 'Draft', published: 'Published', hidden: 'Hidden' };

export function StateBadge({ state }: { state: string }) {
  return <span className={`badge badge-state-${state}`} data-state={state}>{LABELS[state] ?? state}</span>;
}
