import { useEffect } from 'react';
import { Link } from 'react-router';

export default function AdminNotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found — Back office';
  }, []);
  return (
    <div className="flex flex-col items-start gap-4 py-8">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="text-zinc-600">This part of the back office does not exist.</p>
      <Link to="/admin" className="font-semibold text-brand-dark underline">
        Back to the orders
      </Link>
    </div>
  );
}
