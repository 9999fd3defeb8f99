/** Cargus's answers as the adapter reads them (cargus.ts): its messages, each under the shop's field it names, and bodies that may not be JSON. */
import { CourierError, type CourierField, type CreatedAwb } from './courier';

/** The shop's field a Cargus message (Romanian or English, free text: Cargus names no fields) is about. */
const FIELDS: [RegExp, CourierField][] = [
  [/telefon|phone/i, 'phone'],
  [/e-?mail/i, 'email'],
  [/cod(ul)? postal|codpostal|postal ?code/i, 'postalCode'],
  [/judet|county/i, 'county'],
  [/localit|locality/i, 'locality'],
  [/pudo|ship ?& ?go/i, 'locker'],
  [/strad|street|adres|address|building/i, 'address'],
  [/greutat|weight/i, 'weight'],
  [/ramburs|repayment/i, 'cashOnDelivery'],
  [/valoare(a)? declarat|declared/i, 'declaredValue'],
  [/colet|parcel|plic|envelope/i, 'parcels'],
  [/observat/i, 'note'],
  [/locationid|punct(ul)? de ridicare|expeditor|sender|servic/i, 'account'],
  [/\bnume|\bname\b/i, 'name'],
];

/** The messages of a Cargus answer: a JSON array of them, {"Error": …} (or ASP.NET's {"Message": …}), or a bare string. */
function messagesOf(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.flatMap(messagesOf);
  if (typeof answer === 'string') return answer.trim() ? [answer.trim()] : [];
  if (answer && typeof answer === 'object') {
    const { Error: error, Message: message } = answer as { Error?: unknown; Message?: unknown };
    return messagesOf(error ?? message);
  }
  return [];
}

/** A refusal with each message under the shop's field it names, or under "Cargus" when it names none. */
export function refused(answer: unknown, otherwise: string): CourierError {
  const messages = messagesOf(answer);
  const fields = messages.map((message) => ({ field: FIELDS.find(([pattern]) => pattern.test(message))?.[1] ?? 'Cargus', message }));
  return new CourierError('refused', messages.join(' ') || otherwise, fields);
}

/** The body as JSON; null when it is not. */
export async function json(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

/** A PDF from AwbDocuments' answer, "the code in base64": a bare base64 body, or one JSON string (as Cargus's PrestaShop module reads it). */
export function cargusPdf(body: string): Buffer {
  let text = body.trim();
  if (text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      text = typeof parsed === 'string' ? parsed : '';
    } catch {
      text = '';
    }
  }
  return Buffer.from(text, 'base64');
}

/**
 * The AWB of a POST Awbs or AwbPickup answer: the barcode, as a JSON number or string (alphanumeric in the
 * documentation's examples: URGC10875236); an error text or object answered with 200 is a refusal, not an AWB.
 */
export function awbOf(answer: unknown): CreatedAwb {
  const awb = typeof answer === 'number' || typeof answer === 'string' ? String(answer).trim() : '';
  if (!/^[A-Z]{0,4}\d{6,}$/i.test(awb)) throw refused(answer, 'Cargus gave no AWB.');
  return { awb, cost: null, parcels: [awb] };
}
