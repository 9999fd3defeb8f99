/** A busy indicator with its message for screen readers and sighted visitors alike. */
export function Spinner({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-zinc-700">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-4 border-zinc-300 border-t-brand motion-reduce:animate-none" />
      {label}
    </p>
  );
}
