import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { maskCpf, normalizeCpf } from './cpf';

/**
 * PIX keys (the Banco Central's "Regulamento Pix" and DICT manual): a key names one account in
 * the PIX directory. Four kinds a person can hold: their CPF, an e-mail, a mobile phone (+55,
 * E.164) and a random key (EVP, a UUID the bank draws). Web and server read a typed key with the
 * same function, so the key the form accepts is the key the server looks up.
 */
export const PIX_KEY_TYPES = ['cpf', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A typed key in the directory's form (CPF digits, lower-case e-mail, +55 phone, lower-case UUID), or null when it is no key of that type. */
export function normalizePixKey(type: PixKeyType, typed: string): string | null {
  const raw = typed.trim();
  if (type === 'cpf') return normalizeCpf(raw);
  if (type === 'email') {
    const email = raw.toLowerCase();
    return email.length <= 77 && EMAIL.test(email) ? email : null;
  }
  if (type === 'phone') {
    const phone = parsePhoneNumberFromString(raw, 'BR');
    return phone?.isValid() && phone.countryCallingCode === '55' ? phone.number : null;
  }
  const evp = raw.toLowerCase();
  return EVP.test(evp) ? evp : null;
}

/** A key as screens show it once bound: enough to recognise it, not to reuse it. */
export function maskPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf') return maskCpf(key);
  if (type === 'email') {
    const [user = '', domain = ''] = key.split('@');
    return `${user.slice(0, 2)}***@${domain}`;
  }
  if (type === 'phone') return `${key.slice(0, 5)}*****${key.slice(-4)}`;
  return `${key.slice(0, 8)}-****-${key.slice(-4)}`;
}
