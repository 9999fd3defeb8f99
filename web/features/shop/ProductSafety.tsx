import { useId } from 'react';
import type { ProductSafety as Safety } from '../../../domain/catalog';
import type { ProductParty } from '../../../domain/productSafety';
import { useI18n } from '../../lib/i18n';

// Long addresses and emails wrap anywhere rather than widen a phone's page.
const wraps = '[overflow-wrap:anywhere]';

function Party({ party }: { party: ProductParty }) {
  return (
    <dd className={`mt-0.5 ${wraps}`}>
      {party.name}
      <br />
      {party.address}
      <br />
      <a href={`mailto:${party.email}`} className="text-brand-dark underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand">
        {party.email}
      </a>
    </dd>
  );
}

/**
 * What the law asks an offer to say of the product's safety (GPSR, EU 2023/988 art. 19; domain/productSafety.ts):
 * only the parts the owner gave, and nothing at all when none.
 */
export function ProductSafety({ safety, Heading }: { safety: Safety | undefined; Heading: 'h2' | 'h3' }) {
  const { t } = useI18n();
  const titleId = useId();
  if (!safety) return null;
  const term = 'font-medium text-zinc-900';
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId} className="font-semibold">
        {t('product.safety.heading')}
      </Heading>
      <dl className="mt-2 space-y-3 text-sm text-zinc-700">
        {safety.manufacturer && (
          <div>
            <dt className={term}>{t('product.safety.manufacturer')}</dt>
            <Party party={safety.manufacturer} />
          </div>
        )}
        {safety.responsiblePerson && (
          <div>
            <dt className={term}>{t('product.safety.responsiblePerson')}</dt>
            <Party party={safety.responsiblePerson} />
          </div>
        )}
        {safety.model && (
          <div>
            <dt className={term}>{t('product.safety.model')}</dt>
            <dd className={`mt-0.5 ${wraps}`}>{safety.model}</dd>
          </div>
        )}
        {safety.warnings && (
          <div>
            <dt className={term}>{t('product.safety.warnings')}</dt>
            <dd lang={safety.warningsLang} className={`mt-0.5 ${wraps}`}>
              {safety.warnings}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
