import type { AppServices } from '../services';

/**
 * The demo's players under BR (README.md "Demo"): accounts a visitor signs in with to see the
 * site as a player, made the way BR asks a real player to go: registered with a CPF and a date of
 * birth, the deposit and time limits set, the sandbox identity check passed. The CPFs have valid
 * check digits and are the textbook examples, not anyone's; the names are invented.
 */
export const DEMO_PLAYER_PASSWORD = 'Demo2026jogo';

export const DEMO_PLAYERS = [
  { username: 'demo1', cpf: '52998224725', birthDate: '1988-03-15', documentName: 'Ana Demonstração Souza' },
  { username: 'demo2', cpf: '12345678909', birthDate: '1992-11-02', documentName: 'Bruno Demonstração Lima' },
] as const;

type PlayerServices = Pick<AppServices, 'member' | 'session' | 'responsibleGaming' | 'kyc'>;

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
    await passSandboxCheck(services.kyc, session.memberId, player.documentName);
    await services.session.revoke(session.sessionId, 'logged_out');
    made.push(player.username);
  }
  return made;
}
