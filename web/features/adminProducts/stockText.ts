/** Stock as the back office shows it: a count, "Sold out" at 0, or "Not counted". */
export function stockText(stock: number | null): string {
  if (stock === null) return 'Not counted';
  return stock === 0 ? 'Sold out' : String(stock);
}
