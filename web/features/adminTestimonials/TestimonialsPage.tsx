import { useCallback, useEffect, useId, useState } from 'react';
import type { TestimonialView } from '../../../domain/contracts/testimonials';
import { EXAMPLE_TESTIMONIALS, movedOnePlace } from '../../../domain/testimonials';
import { Feedback } from '../../components/ui/Feedback';
import { ApiError } from '../../lib/api';
import { useBackOfficeTitle } from '../../lib/backOffice';
import { useI18n } from '../../lib/i18n';
import { changeTestimonial, createTestimonial, deleteTestimonial, fetchTestimonials, reorderTestimonials } from './api';
import { TestimonialForm } from './TestimonialForm';
import { TestimonialItem } from './TestimonialItem';
import { testimonialValuesOf } from './testimonialForm';

/** The six the shop came with, labelled as examples: shown here only, never to visitors. */
function Examples() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="testimonial-examples" className="rounded-xl border border-dashed border-zinc-400 p-4">
      <h2 id="testimonial-examples" className="text-xl font-semibold">
        {t('admin.testimonials.examples.heading')}
      </h2>
      <p className="mt-1 text-sm text-zinc-700">{t('admin.testimonials.examples.intro')}</p>
      <ul className="mt-3 space-y-3">
        {EXAMPLE_TESTIMONIALS.map((example) => (
          <li key={example.name} className="text-sm text-zinc-700">
            <figure>
              <blockquote>“{t(example.text)}”</blockquote>
              <figcaption className="mt-1 font-semibold">
                {example.name} <span className="font-normal">· {example.city}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/testimonials (issue 48, OUG 58/2022): the owner's testimonials, which the landing shows when published, in
 * their order; a new one; and the six the shop came with, as examples.
 */
export default function TestimonialsPage() {
  const { t } = useI18n();
  useBackOfficeTitle(t('admin.testimonials.heading'));
  const newId = useId();
  const [list, setList] = useState<TestimonialView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(() => fetchTestimonials().then((answer) => setList(answer.testimonials)), []);
  useEffect(() => {
    load().catch((failure: unknown) => setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong')));
  }, [load, t]);

  /** Runs one change; its refusal is shown, and a list changed meanwhile is read again. */
  async function act(change: () => Promise<void>, doneText: string) {
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      await change();
      setDone(doneText);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : t('admin.somethingWrong'));
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 404)) await load().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }
  const replace = (changed: TestimonialView) => setList((current) => (current ?? []).map((item) => (item.id === changed.id ? changed : item)));

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin.testimonials.heading')}</h1>
      <p className="text-zinc-700">{t('admin.testimonials.intro')}</p>
      <Feedback problem={problem} done={done} />
      <section aria-labelledby="testimonials-list">
        <h2 id="testimonials-list" className="text-xl font-semibold">
          {t('admin.testimonials.list')}
        </h2>
        {!list && !problem && (
          <p role="status" className="mt-2 text-zinc-600">
            {t('admin.testimonials.loading')}
          </p>
        )}
        {list && list.length === 0 && <p className="mt-2 text-zinc-700">{t('admin.testimonials.none')}</p>}
        {list && list.length > 0 && (
          <ol className="mt-3 space-y-3">
            {list.map((testimonial, index) => (
              <TestimonialItem
                key={testimonial.id}
                testimonial={testimonial}
                first={index === 0}
                last={index === list.length - 1}
                busy={busy}
                actions={{
                  move: (step) =>
                    void act(async () => {
                      const ids = movedOnePlace(
                        list.map((item) => item.id),
                        index,
                        step,
                      );
                      setList((await reorderTestimonials(ids)).testimonials);
                    }, t('admin.testimonials.moved')),
                  setPublished: (published) =>
                    void act(async () => replace(await changeTestimonial(testimonial.id, { published })), t(published ? 'admin.testimonials.published' : 'admin.testimonials.unpublished')),
                  save: async (change) => {
                    // The form shows its own refusal; a success is said here.
                    replace(await changeTestimonial(testimonial.id, change));
                    setDone(t('admin.testimonials.saved'));
                  },
                  remove: () =>
                    void act(async () => {
                      await deleteTestimonial(testimonial.id);
                      setList((current) => (current ?? []).filter((item) => item.id !== testimonial.id));
                    }, t('admin.testimonials.deleted')),
                }}
              />
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby={newId} className="rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200">
        <h2 id={newId} className="text-xl font-semibold">
          {t('admin.testimonials.new')}
        </h2>
        <TestimonialForm
          labelledBy={newId}
          initial={testimonialValuesOf()}
          submitLabel={t('admin.testimonials.add')}
          askPublished
          onSubmit={async (testimonial) => {
            const created = await createTestimonial(testimonial);
            setList((current) => [...(current ?? []), created]);
            setProblem(null);
            setDone(t('admin.testimonials.added'));
          }}
        />
      </section>
      <Examples />
    </div>
  );
}
