import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { $ZodType, output } from 'zod/v4/core';
import { primaryButton } from '../../components/ui/styles';
import { apiRequest } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** What an account page loads from the API once its visitor is signed in (`data`), or that it could not (`failed`). */
export function useAccountData<S extends $ZodType>(path: string, schema: S) {
  const session = useSession();
  const [data, setData] = useState<output<S> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (session.status !== 'signedIn') return;
    apiRequest(path, schema)
      .then(setData)
      .catch(() => setFailed(true));
  }, [session.status, path, schema]);
  return { session, data, failed };
}

/** What a signed-out visitor reads on an account page (`prompt`), with the way to sign in. */
export function SignInPrompt({ prompt }: { prompt: string }) {
  const { t } = useI18n();
  return (
    <div className="mt-6 flex flex-col items-start gap-3">
      <p>{prompt}</p>
      <Link to="/login" className={primaryButton}>
        {t('account.signInLink')}
      </Link>
    </div>
  );
}
