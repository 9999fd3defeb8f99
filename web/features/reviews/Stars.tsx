/** Five stars, `rating` of them filled: drawn for the eye only; the text beside them says the rating. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const full = Math.round(rating);
  return (
    <span aria-hidden="true" className={`tracking-tight ${className}`}>
      <span className="text-amber-700">{'★'.repeat(full)}</span>
      <span className="text-zinc-400">{'★'.repeat(5 - full)}</span>
    </span>
  );
}
