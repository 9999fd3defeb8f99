import { Link } from 'react-router';
import { primaryButton } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';

/** Why the back office shows nothing: not signed in (with a way to), not the owner, or the shop unreachable. */
export function AccessProblem({ error }: { error: unknown }) {
  const { t } = useI18n();
  const signIn = error instanceof ApiError && error.status === 401;
  const message = error instanceof ApiError && error.status < 500 ? error.message : t('admin.products.loadError');
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <p role="alert" className="text-red-700">
        {message}
      </p>
      {signIn && (
        <Link to="/login" className={primaryButton}>
          {t('admin.gate.signIn')}
        </Link>
      )}
    </div>
  );
}
