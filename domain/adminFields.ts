import { z } from 'zod';
import type { AdminMessageId, ShopMessageId } from '../locales/messages';
import { fieldName } from './issueValues';
import { hasControlCharacters } from './text';

/**
 * The back office's field rules (domain/productEdit.ts, domain/orderChanges.ts). A message the owner may
 * see is its catalogue key (locales/admin): the form shows it translated and the API answers it in the
 * request's language (server/errors.ts). Its values are the issue's own (`{maximum}` of a too_big, a
 * custom issue's `params`: domain/issueValues.ts); a field's name is a key of its own (`fieldName`), so
 * each language names the field in its words.
 */
export const key = (id: AdminMessageId | ShopMessageId) => id;
export type Label = AdminMessageId;

/** A refusal naming the field `label`, with any more values. */
export const about = (message: AdminMessageId, label: Label, values: Record<string, unknown> = {}) => ({
  error: key(message),
  params: { field: fieldName(label), ...values },
});

/** A value of type T, or the refusal `message` (it stops there: the checks after it need a T). */
export const typed = <T>(is: (value: unknown) => value is T, message: AdminMessageId, label: Label) => z.custom<T>(is, { ...about(message, label), abort: true });

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A whole number from `min` to `max`, named `label`. */
export const wholeBetween = (label: Label, min: number, max: number) =>
  typed(isWhole, 'admin.field.wholeNumber', label)
    .refine((value) => value >= min, about('admin.field.atLeast', label, { min }))
    .refine((value) => value <= max, about('admin.field.atMost', label, { max }));

/** A yes or no field named `label`. */
export const yesOrNo = (label: Label) => typed(isBoolean, 'admin.field.trueOrFalse', label);

/**
 * A text field named `label` (a catalogue key): trimmed, without control characters, required, at most
 * `max` characters; a value that is not text (absent too) gets `notText`.
 */
export const textField = (label: Label, max: number, notText: AdminMessageId = 'admin.field.notText') =>
  typed(isString, notText, label)
    .overwrite((value) => value.trim())
    .refine((value) => !hasControlCharacters(value), about('admin.field.controlCharacters', label))
    .refine((value) => value.length > 0, about('admin.field.required', label))
    .refine((value) => value.length <= max, about('admin.field.tooLong', label, { max }));

/** The body is an object of known fields only: a misspelt field is refused rather than silently ignored ("Unknown field: price2."). */
export const objectError = (issue: { code?: string }) => key(issue.code === 'unrecognized_keys' ? 'admin.error.unknownField' : 'error.request.notAnObject');
