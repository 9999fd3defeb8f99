import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { primaryButton } from '../../components/ui/styles';

/** Why the back office shows nothing: not signed in (with a way to), not the owner, or the shop unreachable. */
export function AccessProblem({ error }: { error: unknown }) {
  const signIn = error instanceof ApiError && error.status === 401;
  const message = error instanceof ApiError && error.status < 500 ? error.message : 'The products could not be loaded. Please try again.';
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <p role="alert" className="text-red-700">
        {message}
      </p>
      {signIn && (
        <Link to="/login" className={primaryButton}>
          Sign in
        </Link>
      )}
    </div>
  );
}
