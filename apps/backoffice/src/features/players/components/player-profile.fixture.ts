import type { PlayerProfile } from '@wps/shared/schemas/players';

/** The player the players screens' component tests show: an active member, with what a test changes. */
export function playerProfile(overrides: Partial<PlayerProfile> = {}): PlayerProfile {
  return {
    memberId: '42',
    account: 'joao.silva',
    nickname: null,
    type: 0,
    status: 'active',
    mobile: null,
    email: null,
    createdAt: '2026-01-10T12:00:00Z',
    lastLoginAt: null,
    language: 'pt',
    payeeName: 'João da Silva',
    hasPaymentPassword: false,
    uplineAccount: null,
    registerIp: null,
    registerDomain: null,
    bankAccounts: [],
    currency: 'BRL',
    scale: 2,
    ...overrides,
  };
}
