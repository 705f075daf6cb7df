import { Button } from './button';

interface ShowMoreProps {
  shown: number;
  total: number;
  next: number;
  /** What the list holds, plural ("deals", "sales"). */
  noun: string;
  onShowMore: () => void;
}

/** The footer of a list rendered in steps: how many are shown, and a button for the next step. */
export function ShowMore({ shown, total, next, noun, onShowMore }: ShowMoreProps) {
  if (shown >= total) return null;
  const fmt = (n: number) => n.toLocaleString('en-PH');
  return (
    <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-4 py-4 text-sm text-slate-500 sm:flex-row sm:justify-between">
      <p role="status">{`Showing ${fmt(shown)} of ${fmt(total)} ${noun}`}</p>
      <Button variant="outline" size="sm" onClick={onShowMore}>
        {`Show ${fmt(next)} more`}
      </Button>
    </div>
  );
}
