import { describe, expect, it } from 'vitest';
import { brCodeCrc, decodePixCharge, encodePixCharge, parseBrCodeFields } from './pix-br-code';

// A static code as a bank app issues it (published with the pix-utils library): its CRC, 6069,
// is the one every wallet would compute, so ours must agree to the digit.
const PUBLISHED =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6009Sao Paulo62070503***63046069';

describe('PIX BR Code', () => {
  it('computes the CRC16-CCITT-FALSE a wallet checks', () => {
    expect(brCodeCrc(PUBLISHED.slice(0, -4))).toBe('6069');
    // The standard check value of CRC-16/CCITT-FALSE.
    expect(brCodeCrc('123456789')).toBe('29B1');
  });

  it('writes a dynamic charge that reads back the same, with the right lengths and CRC', () => {
    const code = encodePixCharge({
      url: 'pix.example.com.br/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
      amount: '125.40',
      merchantName: 'Lúmen Jogos Ltda — São Paulo',
      merchantCity: 'São Paulo',
      txid: 'DEP20261125000123',
      singleUse: true,
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('5303986');
    expect(code).toContain('5406125.40');
    expect(code).toContain('5802BR');
    // Accents and symbols taken out of the name and city, the name cut at 25.
    expect(code).toContain('5925Lumen Jogos Ltda Sao Paul');
    expect(code).toContain('6009Sao Paulo');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(brCodeCrc(code.slice(0, -4))).toBe(code.slice(-4));
    const read = decodePixCharge(code);
    expect(read).toEqual({
      ok: true,
      charge: {
        pixKey: undefined,
        url: 'pix.example.com.br/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25',
        amount: '125.40',
        merchantName: 'Lumen Jogos Ltda Sao Paul',
        merchantCity: 'Sao Paulo',
        txid: 'DEP20261125000123',
        singleUse: true,
      },
    });
  });

  it('reads the published static code', () => {
    const read = decodePixCharge(PUBLISHED);
    expect(read.ok && read.charge).toMatchObject({
      pixKey: 'nubank@thalesog.com',
      amount: '1.00',
      merchantName: 'Thales Ogliari',
      txid: '***',
      singleUse: false,
    });
  });

  it('refuses a changed amount (CRC), a broken field run and a payload of another scheme', () => {
    const code = encodePixCharge({
      pixKey: '+5511999990000',
      amount: '10.00',
      merchantName: 'Lumen',
      merchantCity: 'Recife',
      txid: '***',
      singleUse: false,
    });
    expect(decodePixCharge(code.replace('540510.00', '540590.00'))).toEqual({ ok: false, problem: 'CRC_MISMATCH' });
    expect(decodePixCharge(code.slice(0, -10))).toEqual({ ok: false, problem: 'MALFORMED' });
    expect(parseBrCodeFields('0002019')).toBeNull();
    const other = '000201' + '2616' + '0012com.other.pp' + '6304';
    expect(decodePixCharge(other + brCodeCrc(other))).toEqual({ ok: false, problem: 'NOT_PIX' });
  });

  it('refuses to write what no wallet would read', () => {
    expect(() => encodePixCharge({ merchantName: 'A', merchantCity: 'B', txid: '***', singleUse: false })).toThrow();
    expect(() =>
      encodePixCharge({
        pixKey: 'k',
        amount: '10',
        merchantName: 'A',
        merchantCity: 'B',
        txid: '***',
        singleUse: false,
      }),
    ).toThrow();
    expect(() =>
      encodePixCharge({ pixKey: 'k', merchantName: 'A', merchantCity: 'B', txid: 'has space', singleUse: false }),
    ).toThrow();
  });
});
