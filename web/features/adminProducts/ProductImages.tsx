import { useId, useState } from 'react';
import type { AdminProduct, AdminProductDetail } from '../../../domain/contracts/adminProducts';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../domain/productEdit';
import { secondaryButton } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { deleteImage, reorderImages, uploadImage } from './api';

const smallButton = `${secondaryButton} min-h-11 px-3 text-sm`;

/** The product's pictures: upload (JPEG, PNG or WebP up to 5 MB), make one the main picture, delete. */
export function ProductImages({ product, onChange }: { product: AdminProduct; onChange(detail: AdminProductDetail): void }) {
  const { t } = useI18n();
  const inputId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(doing: string, action: () => Promise<AdminProductDetail>) {
    setBusy(doing);
    setProblem(null);
    try {
      onChange(await action());
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t('admin.images.failed'));
    } finally {
      setBusy(null);
    }
  }

  function upload(file: File | undefined) {
    if (!file) return;
    // Checked here to save a long upload; the server checks the content itself.
    if (file.size > IMAGE_MAX_BYTES || (file.type !== '' && !(IMAGE_TYPES as readonly string[]).includes(file.type))) {
      setProblem(t('admin.images.refused'));
      return;
    }
    void run(t('admin.images.uploading'), () => uploadImage(product.id, file));
  }

  const count = product.images.length;
  return (
    <section aria-labelledby={`${inputId}-title`} className="mt-10">
      <h2 id={`${inputId}-title`} className="text-xl font-semibold">
        {t('admin.images.heading')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600">{t('admin.images.intro')}</p>
      {count === 0 && <p className="mt-3 text-zinc-700">{t('admin.images.none')}</p>}
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
        {product.images.map((image, index) => (
          <li key={image} className="flex flex-col gap-2 rounded-xl bg-white p-2 ring-1 ring-zinc-200">
            <img src={image} alt={t('admin.images.alt', { name: product.name, n: index + 1, count })} width={200} height={200} className="aspect-square w-full rounded-lg bg-zinc-100 object-cover" />
            {index === 0 ? (
              <p className="flex min-h-11 items-center justify-center text-sm font-semibold text-brand-dark">{t('admin.images.main')}</p>
            ) : (
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void run(t('admin.images.reordering'), () => reorderImages(product.id, [image, ...product.images.filter((other) => other !== image)]))}
                aria-label={t('admin.images.makeMainLabel', { n: index + 1 })}
                className={smallButton}
              >
                {t('admin.images.makeMain')}
              </button>
            )}
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void run(t('admin.images.deleting'), () => deleteImage(product.id, image))}
              aria-label={t('admin.images.deleteLabel', { n: index + 1 })}
              className={`${smallButton} text-red-700`}
            >
              {t('admin.images.delete')}
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <label htmlFor={inputId} className="block font-medium">
          {t('admin.images.add')}
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-zinc-600">
          {t('admin.images.addHint')}
        </p>
        <input
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={`${inputId}-hint`}
          disabled={busy !== null}
          onChange={(event) => {
            upload(event.target.files?.[0]);
            event.target.value = '';
          }}
          className="mt-2 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-zinc-300 file:bg-white file:px-4 file:font-medium"
        />
      </div>
      <p role="status" className="mt-2 text-sm text-zinc-600">
        {busy ?? ''}
      </p>
      {problem && (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-4 py-3 text-red-800 ring-1 ring-red-200">
          {problem}
        </p>
      )}
    </section>
  );
}
