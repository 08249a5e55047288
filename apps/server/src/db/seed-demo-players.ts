import type { AppServices } from '../services';

/**
 * The demo's players under BR (README.md "Demo"): accounts a visitor signs in with to see the
 * site as a player, made the way BR asks a real player to go: registered with a CPF, a date of
 * birth, an address and a gender, the deposit, loss and time limits set, an e-mail confirmed by its
 * code, the sandbox identity check passed. The CPFs have valid check digits and are the textbook
 * examples, not anyone's; the names, addresses and e-mails (the reserved example.com) are invented.
 */
export const DEMO_PLAYER_PASSWORD = 'Demo2026jogo';

export const DEMO_PLAYERS = [
  {
    username: 'demo1',
    cpf: '52998224725',
    birthDate: '1988-03-15',
    documentName: 'Ana Demonstração Souza',
    gender: 'female',
    email: 'demo1@example.com',
  },
  {
    username: 'demo2',
    cpf: '12345678909',
    birthDate: '1992-11-02',
    documentName: 'Bruno Demonstração Lima',
    gender: 'male',
    email: 'demo2@example.com',
  },
] as const;

/** The demo players' address: a made-up number on a real street, as a form would hold it. */
const DEMO_ADDRESS = {
  addressStreet: 'Avenida Paulista',
  addressNumber: '1000',
  addressDistrict: 'Bela Vista',
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressCep: '01310100',
} as const;

type PlayerServices = Pick<AppServices, 'member' | 'session' | 'responsibleGaming' | 'kyc' | 'security' | 'notifier'>;

const SEED_ORIGIN = { ip: '127.0.0.1', userAgent: 'demo-seed' };

/** The sandbox provider's check, passed, through the KYC module's service and its sandbox's steps. */
async function passSandboxCheck(kyc: PlayerServices['kyc'], memberId: string, documentName: string): Promise<void> {
  if (!kyc.isSandboxEnabled) throw new Error('demo players need the sandbox identity provider (NODE_ENV=production)');
  const { url } = await kyc.service.start(memberId, '/security-center');
  const ref = url.split('/').pop()!;
  await kyc.sandbox.recordDocument(ref, documentName, 'own');
  await kyc.sandbox.recordStep(ref, { selfie: true });
  await kyc.sandbox.recordStep(ref, { liveness: true });
  const finished = await kyc.sandbox.finish(ref, 'passed');
  if (!finished) throw new Error(`demo player's sandbox check ${ref} did not finish`);
  // The provider's signed result, as its callback delivers it (the service checks the signature).
  await kyc.service.applyResult('sandbox', Buffer.from(finished.result.rawBody), finished.result.headers);
  if (!(await kyc.service.isVerified(memberId))) throw new Error(`demo player's sandbox check ${ref} did not pass`);
}

/**
 * The player's e-mail linked by its code, as the site's contact step does (BR asks an account made
 * by username to confirm a contact before it moves or stakes money): the code is read from the
 * development outbox, the only place a demo's codes go.
 */
async function confirmEmail(services: PlayerServices, memberId: string, email: string): Promise<void> {
  if (!services.notifier.servesDevOutbox('email')) throw new Error('demo players need the e-mail outbox');
  await services.security.sendEmailBindCode(memberId, email, SEED_ORIGIN);
  for (let tries = 0; tries < 100; tries += 1) {
    const sent = (await services.notifier.readOutbox('email')).filter((e) => e.to === email).pop();
    const code = sent ? /\b(\d{6})\b/.exec(sent.text)?.[1] : undefined;
    if (code) return services.security.bindEmail(memberId, { email, verificationCode: code });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo player's e-mail code to ${email} never reached the outbox`);
}

/**
 * Register the demo players through the member, responsible-gaming and KYC modules' services, each
 * step in the module's own transaction (none is open across them: on PGlite's single connection a
 * read on the root handle inside an open transaction would wait forever). The registration's
 * session is ended at once: the visitor signs in with the password. Returns the usernames made.
 */
export async function seedDemoPlayers(services: PlayerServices): Promise<string[]> {
  const made: string[] = [];
  for (const player of DEMO_PLAYERS) {
    const { token } = await services.member.registerForInstallation(
      {
        username: player.username,
        password: DEMO_PLAYER_PASSWORD,
        confirmPassword: DEMO_PLAYER_PASSWORD,
        cpf: player.cpf,
        birthDate: player.birthDate,
        ...DEMO_ADDRESS,
        gender: player.gender,
        agree: true,
      },
      SEED_ORIGIN,
    );
    const session = await services.session.resolve(token);
    if (!session) throw new Error(`demo player ${player.username}: no session after registration`);
    const self = { actorType: 'member' as const, actorId: session.memberId };
    await services.responsibleGaming.limits.change(
      session.memberId,
      {
        limits: [
          { kind: 'deposit_month', value: '1000' },
          { kind: 'daily_time', value: '600' },
          { kind: 'loss_month', value: '100000' },
        ],
      },
      self,
    );
    await confirmEmail(services, session.memberId, player.email);
    await passSandboxCheck(services.kyc, session.memberId, player.documentName);
    await services.session.revoke(session.sessionId, 'logged_out');
    made.push(player.username);
  }
  return made;
}
