// The soak's database before the load: migrated and seeded through the app (never by hand-written
// SQL), with what each load process needs: the seamless vendor's players with game sessions, the
// registered players of the read mix, a support operator, and for the money load funded players
// with a payment password and a bound bank account, agents whose direct downlines they are, the
// sandbox gateway's deposit channel, a lottery game taking bets for the whole run, and the
// reference vendor connected as the transfer-wallet vendor behind the soak's gate.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { AccountType } from '@wps/shared/constants';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoOperator } from '../../apps/server/src/db/seed';
import { SANDBOX_TRANSFER } from '../../apps/server/src/modules/gateway/gateway.service';
import { insertMember } from '../../apps/server/src/modules/member/member.repository';
import { createTestOperator } from '../../apps/server/test/operator-login';
import type { BenchServer } from '../../bench/bench-server';
import { fetchRsaKey, registerMember } from '../../bench/bench-client';
import { connectSeamlessVendor, createCallbackPlayers } from '../../bench/callbacks-load';
import type { Agent, Payer } from './soak-money-load';
import type { SoakLoadInput } from './soak-load';
import type { SoakPlan } from './soak-plan';

const FUNDS_MINOR = 10n ** 10n;
const DAILY_GAMES = ['VN-MB', 'VN-MT', 'VN-MN'];

/** A member the money load acts as, funded from the demo bank, with a live session (no login: its password hash is no hash). */
async function moneyMember(app: App, database: DatabaseHandle, type: number, uplineId: string | null) {
  const memberId = await insertMember(database.db, {
    account: `sm${crypto.randomBytes(5).toString('hex')}`,
    nickname: null,
    type,
    passwordHash: 'soak-no-login',
    paymentPasswordHash: null,
    dialingCode: null,
    mobile: null,
    email: null,
    payeeName: null,
    qq: null,
    line: null,
    whatsapp: null,
    zalo: null,
    facebook: null,
    wechat: null,
    idNumber: null,
    language: 'EN',
    uplineId,
    referrerId: null,
    registerDomain: null,
    registerIp: null,
    mustChangePassword: false,
    now: new Date(),
    lastLoginAt: null,
  });
  await app.services.ledger.creditPlayerFromSystem({
    systemAccount: 'demo_bank',
    memberId,
    amountMinor: FUNDS_MINOR,
    kind: 'adjustment',
    idempotencyKey: `soak-fund:${memberId}`,
  });
  const { token } = await app.services.session.createSession(database.db, { memberId });
  return { memberId, token };
}

/** What a withdrawal or a transfer asks of its sender, through the security centre's service: a payment password, a payee name, a bank account. */
async function bindSecurity(app: App, memberId: string, paymentPassword: string): Promise<string> {
  const { security } = app.services;
  await security.setPayeeName(memberId, 'Maria Silva');
  await security.setPaymentPassword(memberId, {
    newPaymentPassword: paymentPassword,
    confirmPaymentPassword: paymentPassword,
  });
  const bank = (await security.listBanks())[0];
  if (!bank) throw new Error('soak: no enabled bank to bind');
  const account = await security.addBankAccount(memberId, {
    bankCode: bank.code,
    accountNumber: `${crypto.randomInt(10_000_000, 99_999_999)}`,
    holderName: 'Maria Silva',
  });
  return account.id;
}

/**
 * The daily game (the load's slip is a lô on one number, a daily game's bet) whose open draw
 * closes last: between the three, betting is open at every hour of the day.
 */
async function openLotteryGame(app: App, database: DatabaseHandle, runEndsAt: Date): Promise<string> {
  await app.services.lottery.draws.tick();
  const { rows } = await sql<{ game_code: string; closes_at: Date }>`
    SELECT game_code, closes_at FROM lottery_draws
     WHERE game_code IN (${sql.join(DAILY_GAMES)}) AND status IN ('scheduled', 'open')
       AND opens_at <= now() AND closes_at > now()
     ORDER BY closes_at DESC LIMIT 1`.execute(database.db);
  const draw = rows[0];
  if (!draw) throw new Error('soak: no lottery draw is taking bets');
  if (draw.closes_at < runEndsAt)
    console.warn(`soak: the ${draw.game_code} draw closes at ${draw.closes_at.toISOString()}, before the run ends`);
  return draw.game_code;
}

export async function seedSoak(plan: SoakPlan) {
  const url = plan.cluster.url(plan.database);
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
  await runMigrations(database);
  await seedDemoOperator(database.db);
  process.env.SANDBOX_GATEWAY_SECRET = plan.gatewaySecret;
  const config = {
    ...loadConfig({
      DATA_DIR: path.join(plan.work, 'seed-data'),
      AUDIT_CHAIN_KEY: plan.auditChainKey,
      TRUST_PROXY: '1',
    }),
    databaseUrl: url,
  };
  const app = await buildApp({ config, database, logger: false });
  try {
    const { system, gateway, deposits } = app.services;
    // Soak players register without reading a captcha image, as the benches' do; the captcha has its own tests.
    const operator = await system.getOperatorConfig();
    await system.updateSetting('register', { ...operator.register, showCaptcha: false });
    // A player withdraws a few times a day; the soak's few players stand for many, so the daily count is raised.
    await system.updateSetting('withdrawal', { ...operator.withdrawal, dailyCountLimit: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await connectSeamlessVendor(app, plan.vendorSecret);
    await gateway.configureAdapter({
      vassalage: SANDBOX_TRANSFER,
      walletModel: 'transfer',
      launchUrl: `http://127.0.0.1:${plan.vendorGatePort}/play`,
      apiUrl: `http://127.0.0.1:${plan.vendorGatePort}/api`,
      secret: plan.vendorSecret,
      requestTimeoutMs: 3000,
    });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const players = await createCallbackPlayers(
      { app, database, baseUrl } as BenchServer,
      plan.vendorSecret,
      plan.callbackPlayers,
    );
    const key = await fetchRsaKey(baseUrl);
    const users: SoakLoadInput['users'] = [];
    for (let i = 0; i < plan.users; i++) {
      const username = `sk${i}${crypto.randomBytes(3).toString('hex').replace(/[a-f]/g, '')}x${i}`.slice(0, 12);
      const token = await registerMember(baseUrl, key, username, plan.password, {
        'x-forwarded-for': `198.19.0.${i + 1}`,
      });
      users.push({ username, password: plan.password, token });
    }
    const support = await createTestOperator(app, 'support');

    const agents: Agent[] = [];
    for (let i = 0; i < plan.agents; i++) {
      const agent = await moneyMember(app, database, AccountType.AGENT_1, null);
      await bindSecurity(app, agent.memberId, plan.paymentPassword);
      agents.push({ ...agent, downlines: [] });
    }
    const payers: Payer[] = [];
    for (let i = 0; i < plan.payers; i++) {
      const agent = agents[i % agents.length]!;
      const payer = await moneyMember(app, database, AccountType.MEMBER, agent.memberId);
      payers.push({ ...payer, bankAccountId: await bindSecurity(app, payer.memberId, plan.paymentPassword) });
      agent.downlines.push(payer.memberId);
    }
    const channel = (await deposits.listChannels()).find((c) => c.type === 'gateway' && c.method !== 'pix');
    if (!channel) throw new Error('soak: no sandbox gateway deposit channel');
    const lotteryGame = await openLotteryGame(app, database, new Date(Date.now() + plan.durationMs + 600_000));
    return {
      players,
      users,
      operatorToken: support.token,
      payers,
      agents,
      depositChannelId: channel.id,
      lotteryGame,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
