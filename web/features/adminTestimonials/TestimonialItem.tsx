import { useId, useState } from 'react';
import type { TestimonialView } from '../../../domain/contracts/testimonials';
import type { TestimonialChange } from '../../../domain/testimonials';
import { secondaryButton } from '../../components/ui/styles';
import { useI18n } from '../../lib/i18n';
import { TestimonialForm } from './TestimonialForm';
import { testimonialValuesOf } from './testimonialForm';

const smallButton = `${secondaryButton} px-3 text-sm`;

export interface ItemActions {
  move(step: -1 | 1): void;
  setPublished(published: boolean): void;
  save(change: TestimonialChange): Promise<void>;
  remove(): void;
}

/**
 * One of the owner's testimonials in the list: its words, name, source and whether it is published, and what can be
 * done with it. A button that cannot act (Move up on the first) says so (aria-disabled) and keeps its focus.
 */
export function TestimonialItem({ testimonial, first, last, busy, actions }: { testimonial: TestimonialView; first: boolean; last: boolean; busy: boolean; actions: ItemActions }) {
  const { t } = useI18n();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const name = testimonial.name;
  const source = testimonial.source === 'order' ? t('admin.testimonials.source.orderNumber', { number: testimonial.orderNumber }) : t('admin.testimonials.source.instagram');

  if (editing) {
    return (
      <li className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
        <h3 id={headingId} className="font-semibold">
          {t('admin.testimonials.editing', { name })}
        </h3>
        <TestimonialForm
          labelledBy={headingId}
          initial={testimonialValuesOf(testimonial)}
          submitLabel={t('admin.testimonials.save')}
          askPublished={false}
          onSubmit={async ({ published: _published, ...change }) => {
            await actions.save(change);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  const unless = (cannot: boolean, act: () => void) => () => {
    if (!cannot && !busy) act();
  };
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
      <figure>
        <blockquote lang={testimonial.language} className="text-zinc-800 [overflow-wrap:anywhere]">
          “{testimonial.text}”
        </blockquote>
        <figcaption className="mt-2 text-sm">
          <span className="font-semibold">{name}</span> · {source} ·{' '}
          <span className={testimonial.published ? 'font-semibold text-green-800' : 'text-zinc-600'}>
            {t(testimonial.published ? 'admin.testimonials.published' : 'admin.testimonials.unpublished')}
          </span>
        </figcaption>
      </figure>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={smallButton} aria-disabled={first || undefined} aria-label={t('admin.testimonials.moveUpOne', { name })} onClick={unless(first, () => actions.move(-1))}>
          {t('admin.testimonials.moveUp')}
        </button>
        <button type="button" className={smallButton} aria-disabled={last || undefined} aria-label={t('admin.testimonials.moveDownOne', { name })} onClick={unless(last, () => actions.move(1))}>
          {t('admin.testimonials.moveDown')}
        </button>
        <button
          type="button"
          className={smallButton}
          aria-label={t(testimonial.published ? 'admin.testimonials.unpublishOne' : 'admin.testimonials.publishOne', { name })}
          onClick={unless(false, () => actions.setPublished(!testimonial.published))}
        >
          {t(testimonial.published ? 'admin.testimonials.unpublish' : 'admin.testimonials.publish')}
        </button>
        <button type="button" className={smallButton} aria-label={t('admin.testimonials.editOne', { name })} onClick={() => setEditing(true)}>
          {t('admin.testimonials.edit')}
        </button>
        <button type="button" className={smallButton} aria-label={t('admin.testimonials.deleteOne', { name })} onClick={() => setConfirming(true)}>
          {t('admin.testimonials.delete')}
        </button>
      </div>
      {confirming && (
        <div className="mt-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
          <p className="text-red-900">{t('admin.testimonials.deleteQuestion', { name })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className={`${smallButton} border-red-700 text-red-800`} onClick={unless(false, actions.remove)}>
              {t('admin.testimonials.deleteConfirm')}
            </button>
            <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
              {t('admin.testimonials.deleteKeep')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
