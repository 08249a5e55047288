import crc16ccitt from 'crc/calculators/crc16ccitt';

/**
 * PIX's BR Code: the "copia e cola" text a PIX QR code holds (the Banco Central's "Manual do BR
 * Code", an EMV Merchant Presented Mode payload). A payload is a run of fields, each an id of two
 * digits, a length of two digits and the value; some values are runs of fields themselves. The
 * last field, 63, is the CRC16-CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of everything before
 * its value, including "6304", in four upper-case hex digits. A wallet refuses a payload whose CRC
 * does not match, so the gateway sandbox's codes must carry the right one.
 */

/** One field of a payload: its id and either a text value or nested fields. */
export type BrCodeField = { id: string; value: string };

/** What a PIX charge's BR Code says. */
export type PixCharge = {
  /** Static code: the receiver's PIX key. Dynamic code: absent (the url names the charge). */
  pixKey?: string | undefined;
  /** Dynamic code: the payment service's location of the charge, without "https://". */
  url?: string | undefined;
  /** The amount in reais as the code writes it ("12.50"), absent when the payer types it. */
  amount?: string | undefined;
  merchantName: string;
  merchantCity: string;
  /** The charge's transaction id (field 62-05), "***" when none. */
  txid: string;
  /** A dynamic code is for one payment (field 01 "12"). */
  singleUse: boolean;
};

const GUI = 'br.gov.bcb.pix';

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The CRC of a payload's text up to and including "6304", as four upper-case hex digits. */
export function brCodeCrc(text: string): string {
  return crc16ccitt(new TextEncoder().encode(text)).toString(16).toUpperCase().padStart(4, '0');
}

/** Keep to the characters every wallet reads in names (the manual's ASCII subset), accents removed. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** The BR Code of a charge: static with a PIX key, or dynamic with the url of its payload. */
export function encodePixCharge(charge: PixCharge): string {
  if (!charge.pixKey === !charge.url) throw new Error('A BR Code has either a PIX key (static) or a url (dynamic)');
  if (charge.amount !== undefined && !/^\d{1,10}\.\d{2}$/.test(charge.amount))
    throw new Error('A BR Code amount is written like 12.50');
  if (!/^(\*\*\*|[A-Za-z0-9]{1,25})$/.test(charge.txid))
    throw new Error('A BR Code txid is up to 25 letters and digits, or ***');
  const account = field('00', GUI) + (charge.pixKey ? field('01', charge.pixKey) : field('25', charge.url!));
  const body =
    field('00', '01') +
    (charge.singleUse ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (charge.amount !== undefined ? field('54', charge.amount) : '') +
    field('58', 'BR') +
    field('59', plain(charge.merchantName, 25)) +
    field('60', plain(charge.merchantCity, 15)) +
    field('62', field('05', charge.txid)) +
    '6304';
  return body + brCodeCrc(body);
}

/** A payload's fields in order (one level), or null when the run of id, length and value breaks. */
export function parseBrCodeFields(text: string): BrCodeField[] | null {
  const out: BrCodeField[] = [];
  for (let i = 0; i < text.length; ) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(i + 2, i + 4)) || i + 4 + len > text.length) return null;
    out.push({ id, value: text.slice(i + 4, i + 4 + len) });
    i += 4 + len;
  }
  return out;
}

export type BrCodeProblem = 'MALFORMED' | 'CRC_MISMATCH' | 'NOT_PIX';

/** Read a BR Code: the charge it describes, or why it is none (a broken field run, a wrong CRC, no PIX account). */
export function decodePixCharge(text: string): { ok: true; charge: PixCharge } | { ok: false; problem: BrCodeProblem } {
  const fields = parseBrCodeFields(text);
  const last = fields?.[fields.length - 1];
  if (!fields || !last || last.id !== '63' || last.value.length !== 4 || fields[0]?.id !== '00')
    return { ok: false, problem: 'MALFORMED' };
  if (brCodeCrc(text.slice(0, -4)) !== last.value.toUpperCase()) return { ok: false, problem: 'CRC_MISMATCH' };
  const get = (id: string) => fields.find((f) => f.id === id)?.value;
  const account = parseBrCodeFields(get('26') ?? '');
  if (!account || account.find((f) => f.id === '00')?.value.toLowerCase() !== GUI)
    return { ok: false, problem: 'NOT_PIX' };
  const extra = parseBrCodeFields(get('62') ?? '') ?? [];
  return {
    ok: true,
    charge: {
      pixKey: account.find((f) => f.id === '01')?.value,
      url: account.find((f) => f.id === '25')?.value,
      amount: get('54'),
      merchantName: get('59') ?? '',
      merchantCity: get('60') ?? '',
      txid: extra.find((f) => f.id === '05')?.value ?? '***',
      singleUse: get('01') === '12',
    },
  };
}
