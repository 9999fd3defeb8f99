import { z } from 'zod';
import { key, objectError } from './adminFields';
import { EMAIL_PATTERN } from './email';
import { phoneInE164 } from './phone';

/**
 * The cash-on-delivery risk (issue 34): an order whose phone or email is an earlier returned order's (a parcel
 * refused) is flagged for the owner, never for the customer; the owner may take no more cash on delivery from a
 * contact. A phone is compared in E.164, an email in lower case.
 */

/** A phone number already in E.164, as orders store it since they are checked (domain/checkout.ts). */
const E164 = /^\+[1-9][0-9]{6,14}$/;

/**
 * A contact as it is compared: the phone in E.164, the email trimmed and in lower case. A phone already in E.164 (an
 * order's, checked when it was placed) is taken as it is: parsing it again would give it back unchanged.
 */
export function contactKeys(contact: { phoneNumber: string; email: string }): { phone: string | null; email: string } {
  return { phone: E164.test(contact.phoneNumber) ? contact.phoneNumber : phoneInE164(contact.phoneNumber), email: contact.email.trim().toLowerCase() };
}

/** POST /api/admin/cod-blocks: the contact to take no more cash on delivery from: its phone, its email, or both. */
export const codBlockRequestSchema = z
  .strictObject(
    {
      phone: z
        .string(key('admin.codBlock.problem.phone'))
        .max(30, key('admin.codBlock.problem.phone'))
        .transform((typed, context) => {
          const phone = phoneInE164(typed);
          if (phone) return phone;
          context.addIssue({ code: 'custom', message: key('admin.codBlock.problem.phone') });
          return z.NEVER;
        })
        .optional(),
      email: z
        .string(key('admin.codBlock.problem.email'))
        .trim()
        .max(254, key('admin.codBlock.problem.email'))
        .regex(EMAIL_PATTERN, key('admin.codBlock.problem.email'))
        .transform((email) => email.toLowerCase())
        .optional(),
    },
    { error: objectError },
  )
  .refine((contact) => contact.phone !== undefined || contact.email !== undefined, key('admin.codBlock.problem.contact'));
export type CodBlockRequest = z.infer<typeof codBlockRequestSchema>;
