/** An empty optional value: shown as a dash, read as "none". */
export function Dash() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  );
}
